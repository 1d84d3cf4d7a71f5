"""The TGS solitaire robot: component data, dice placement, the robot's mat and ``SoloGame``."""

from rftg_nb.robot.components import ComponentError, Components, load_components
from rftg_nb.robot.dice import Placement, place_dice, player_markers
from rftg_nb.robot.mat import Robot
from rftg_nb.robot.solo import ROBOT, SoloGame

__all__ = [
    "ROBOT", "ComponentError", "Components", "Placement", "Robot", "SoloGame",
    "load_components", "place_dice", "player_markers",
]
