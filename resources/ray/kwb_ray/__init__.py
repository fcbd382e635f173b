"""Kernel Workbench on Ray: evaluation actors (one per GPU, each with its host's warm workers and caches), the
dispatcher behind `kwb-runner eval-set --ray`, and the reward service for RL training loops (a Ray client and an
HTTP endpoint). Ray is needed by this package only; the workbench and the local evaluation path never import it.
"""
from .client import HttpRewardClient, RewardClient, ServiceBusy

__all__ = ["HttpRewardClient", "RewardClient", "ServiceBusy"]
