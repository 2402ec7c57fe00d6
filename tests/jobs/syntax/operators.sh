a;;&b
