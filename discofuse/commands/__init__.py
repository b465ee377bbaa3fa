"""Subcommands of the `discofuse` CLI, one module each (`register` adds its parser)."""
