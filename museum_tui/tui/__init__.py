"""The Textual front end. It renders what the conversation emits and holds no business logic."""
