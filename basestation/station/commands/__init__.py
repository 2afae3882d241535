"""The station's commands, one service per actor: a typed async method for each thing the
director can do (`director.py`), run through the hub. The routes, the simulator and the
command line all call these."""
