/**
 * Tolerances of the geometric predicates, metres unless noted. Physics leaves objects a few millimetres
 * into or above their supports, and scanned boxes are noisier still, so contact is never exact equality.
 */

/** Two objects touch when their solid parts are at most this far apart. */
export const TOUCH_TOLERANCE = 0.01;

/** `ontop`/`onfloor`: the bottom of the upper object is within this of the support's top face. */
export const REST_TOLERANCE = 0.015;

/**
 * `ontop`/`under`: the footprints must overlap by at least this share of the smaller footprint,
 * so a corner grazing an edge does not count.
 */
export const MIN_FOOTPRINT_OVERLAP = 0.1;

/** `inside`: at least this share of the object's footprint lies over the interior. */
export const INSIDE_FOOTPRINT_SHARE = 0.5;

/**
 * `inside`: the object's bottom is at least this far below the interior's top (else it sits on the
 * rim of an open container) and at most this far below the interior's floor.
 */
export const INSIDE_TOLERANCE = 0.01;

/**
 * `nextto`: the horizontal gap may be up to this share of the two objects' mean extent
 * ((Σ size_a + Σ size_b) / 3), iGibson's `NextTo` ratio.
 */
export const NEXTTO_GAP_RATIO = 1 / 6;

/** `under`: the top of the lower object may rise this far above the upper object's underside. */
export const UNDER_TOLERANCE = 0.015;
