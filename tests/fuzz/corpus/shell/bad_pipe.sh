echo a |
