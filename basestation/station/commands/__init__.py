"""The station's commands, one service per actor: a typed async method for each thing the
director can do (`director.py`), run through the hub, each calling one method of the part
that holds its body: a part of the session's rules, or one of the parts here that reach past
the open session (`opening`, `competitions`, `history_import`, `swiss_draw`). The routes, the
simulator and the command line all call the services."""
