/**
 * Settings of the small cannon-es worlds used to check placements and settle scenes. The world is always
 * stepped with this fixed step (`world.step(PHYSICS_DT)`), never by the clock, so results are reproducible.
 */
export const PHYSICS_DT = 1 / 240;
/** Height above its rest pose from which a placed object is dropped, m. */
export const DROP_HEIGHT = 0.005;
/** Step cap of a placement check (1 s of simulated time). */
export const PLACEMENT_MAX_STEPS = 240;
/** Step cap when letting an unstable object fall while settling a scene (0.5 s: a fall from 1 m takes 0.45 s). */
export const SETTLE_MAX_STEPS = 120;
/** A placed object is accepted if it tilted less than this, rad (~6°). */
export const MAX_TILT = 0.1;
/** … slid less than this horizontally, m … */
export const MAX_DRIFT = 0.02;
/** … and ended within this of its rest height, m. */
export const MAX_SINK = 0.01;
/** Friction of every contact (wood-on-wood-ish) and no bounce. */
export const FRICTION = 0.5;
export const RESTITUTION = 0;
/** A body sleeps after moving slower than this (m/s, rad/s) for {@link SLEEP_TIME} seconds. */
export const SLEEP_SPEED = 0.02;
export const SLEEP_TIME = 0.05;
/** A candidate may reach this far into what it rests on or what rests on it, m, so that resting contact is not a collision. */
export const COLLISION_MARGIN = 0.002;
/** The dropped box is this much narrower on each side than the pose it tests, m. */
export const SIDE_SLACK = 0.001;
