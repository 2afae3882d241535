"""What a turn of the hub produces and where it goes: the batch (store operations, sends,
events), the events and alert kinds, the bus that fans events out to the pages, the links'
health."""
