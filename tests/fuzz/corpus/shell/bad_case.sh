case
