"""Playing an AEC env's game to the end, for the env tests."""


def play_out(env, choose):
    """Step ``env`` (already reset) to the end of its game, ``choose(action_mask)`` the
    action of each live step. Returns ``finals``, per agent the (reward, info) that
    ``last()`` gave once its game was over, and ``live``, the (reward, info) of every
    live step in order."""
    finals, live = {}, []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            finals[agent] = reward, info
            env.step(None)
        else:
            live.append((reward, info))
            env.step(int(choose(obs["action_mask"])))
    return finals, live
