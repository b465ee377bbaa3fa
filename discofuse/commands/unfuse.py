"""`discofuse unfuse`: placeholder registration; implemented below."""
