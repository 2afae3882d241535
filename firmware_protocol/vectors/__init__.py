"""Golden vectors: the same messages in JSON and binary form, made by make_vectors.py."""
