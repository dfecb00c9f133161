import { z } from "zod";
import { placementProblems } from "./placement-checks.ts";

/**
 * Scene file schema (SPEC §3). Units metres, z up, `heading` = yaw about +z in radians (VLA-3D convention).
 * Relations between objects are never stored: they follow from geometry.
 */
export const SCENE_SCHEMA_VERSION = 1;

/** A 3-vector as `{x,y,z}` or `[x,y,z]`; always normalised to the object form. */
export const Vec3Schema = z
  .union([
    z.object({ x: z.number().finite(), y: z.number().finite(), z: z.number().finite() }).strict(),
    z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]),
  ])
  .transform((v) => (Array.isArray(v) ? { x: v[0], y: v[1], z: v[2] } : v));
export type Vec3 = { x: number; y: number; z: number };

/**
 * Largest coordinate a scene may use, m: a scene is a building and its grounds, not a continent. Bounding
 * it (and object sizes) keeps geometry well inside float precision and bounds the work of settling.
 */
export const MAX_COORDINATE = 10_000;
/** Largest side of a scene object, m: far beyond any furniture (real scanned scenes stay under 12 m). */
export const MAX_OBJECT_SIZE = 100;

const coordinate = z.number().finite().min(-MAX_COORDINATE, `coordinates lie within ±${MAX_COORDINATE} m`).max(MAX_COORDINATE, `coordinates lie within ±${MAX_COORDINATE} m`);
const extent = z.number().finite().min(0, "size components must be ≥ 0").max(MAX_OBJECT_SIZE, `size components are at most ${MAX_OBJECT_SIZE} m`);
/** A 3-vector ({x,y,z} or [x,y,z]) of numbers that each pass `n`. */
const vec3Of = (n: z.ZodNumber) =>
  z.union([z.object({ x: n, y: n, z: n }).strict(), z.tuple([n, n, n])]).transform((v) => (Array.isArray(v) ? { x: v[0], y: v[1], z: v[2] } : v));
const Point2Schema = z.object({ x: coordinate, y: coordinate }).strict();

/** Oriented box: centre, full extents, yaw about +z. */
export const BoxSchema = z
  .object({
    center: Vec3Schema,
    size: Vec3Schema.refine((s) => s.x >= 0 && s.y >= 0 && s.z >= 0, "size components must be ≥ 0"),
    heading: z.number().finite().default(0),
  })
  .strict();
export type Box = { center: Vec3; size: Vec3; heading: number };

/** A scene object's box: a {@link BoxSchema} within {@link MAX_COORDINATE} and {@link MAX_OBJECT_SIZE}. */
export const SceneBoxSchema = z
  .object({
    center: vec3Of(coordinate),
    size: vec3Of(extent),
    heading: z.number().finite().default(0),
  })
  .strict();

/** Axis-aligned room footprint on the floor plane. */
export const FootprintSchema = z
  .object({
    min: Point2Schema,
    max: Point2Schema,
  })
  .strict()
  .refine((f) => f.max.x > f.min.x && f.max.y > f.min.y, "footprint max must exceed min on x and y");

export const DoorSchema = z
  .object({
    /** Room on the other side. */
    to: z.string().min(1),
    /** Door position on the floor plane (z ignored); defaults to the midpoint between the rooms. */
    position: Point2Schema.optional(),
  })
  .strict();

/**
 * Id of a room or an object. Observations, change digests and trajectories key records by these ids, and
 * `record[id] = value` with the id `__proto__` sets the record's prototype instead of adding an entry: refused.
 */
const SceneIdSchema = z
  .string()
  .min(1)
  .refine((id) => id !== "__proto__", { message: 'the id "__proto__" cannot be used (records keyed by id would lose it)' });

export const RoomSchema = z
  .object({
    id: SceneIdSchema,
    /** Room type as BEHAVIOR names it: kitchen, living_room, bathroom, garden, garage, … */
    type: z.string().min(1),
    outdoor: z.boolean().default(false),
    footprint: FootprintSchema,
    doors: z.array(DoorSchema).default([]),
  })
  .strict();

/** What can be done to an object. Containers have an interior that objects can be placed `inside`. */
export const ABILITIES = [
  "container",
  "openable",
  "toggleable",
  "cleaning_tool",
  "cleaner",
  "soakable",
  "heat_source",
  "cold_source",
  "water_source",
  "slicer",
  "sliceable",
  "cookable",
  "freezable",
  "dryer",
  "surface",
  "foldable",
] as const;
export const AbilitySchema = z.enum(ABILITIES);
export type Ability = z.infer<typeof AbilitySchema>;

/** Unary states an object can carry; BDDL unary predicates read these. */
export const STATES = [
  "open",
  "toggled_on",
  "dusty",
  "stained",
  "soaked",
  "cooked",
  "burnt",
  "frozen",
  "sliced",
  "dirty",
  "folded",
  "hot",
] as const;
export const StateSchema = z.enum(STATES);
export type StateName = z.infer<typeof StateSchema>;

/**
 * How a piece of furniture is built, which decides where things can go:
 * `solid` (a block: things go on top), `table` (top slab on legs: things go on top and under),
 * `container` (hollow box with walls: things go inside, and on top), `floor` (a room's floor).
 */
export const ShapeSchema = z.enum(["solid", "table", "container", "floor"]);
export type Shape = z.infer<typeof ShapeSchema>;

export const ObjectSchema = z
  .object({
    id: SceneIdSchema,
    /** WordNet-style synset, e.g. `apple.n.01`. */
    category: z.string().regex(/^[A-Za-z0-9_'.-]+\.n\.\d+$/, "category must be a synset like apple.n.01"),
    /** Readable label (defaults to the synset's lemma). */
    label: z.string().optional(),
    room: z.string().min(1),
    box: SceneBoxSchema,
    kind: z.enum(["fixed", "carryable"]),
    shape: ShapeSchema.default("solid"),
    abilities: z.array(AbilitySchema).default([]),
    states: z.partialRecord(StateSchema, z.boolean()).default({}),
    /** Functional links (OpenFunGraph): e.g. a switch that toggles a lamp. */
    controls: z.array(z.string()).default([]),
    /** Wall/base thickness of a container, metres. */
    wall: z.number().positive().max(0.2).optional(),
  })
  .strict();

export const AgentStartSchema = z
  .object({
    room: z.string().min(1),
    position: Point2Schema.optional(),
  })
  .strict();

export const SceneSchema = z
  .object({
    schemaVersion: z.literal(SCENE_SCHEMA_VERSION),
    id: z.string().min(1),
    name: z.string().optional(),
    description: z.string().optional(),
    source: z.string().optional(),
    rooms: z.array(RoomSchema).min(1),
    objects: z.array(ObjectSchema),
    agent: AgentStartSchema,
  })
  .strict()
  .superRefine((scene, ctx) => {
    const rooms = new Set<string>();
    scene.rooms.forEach((r, i) => {
      if (rooms.has(r.id)) ctx.addIssue({ code: "custom", path: ["rooms", i, "id"], message: `duplicate room id "${r.id}"` });
      rooms.add(r.id);
    });
    scene.rooms.forEach((r, i) =>
      r.doors.forEach((d, j) => {
        if (!rooms.has(d.to)) ctx.addIssue({ code: "custom", path: ["rooms", i, "doors", j, "to"], message: `unknown room "${d.to}"` });
      }),
    );
    const ids = new Set<string>();
    scene.objects.forEach((o, i) => {
      if (ids.has(o.id)) ctx.addIssue({ code: "custom", path: ["objects", i, "id"], message: `duplicate object id "${o.id}"` });
      ids.add(o.id);
      if (!rooms.has(o.room)) ctx.addIssue({ code: "custom", path: ["objects", i, "room"], message: `unknown room "${o.room}"` });
    });
    scene.objects.forEach((o, i) =>
      o.controls.forEach((c, j) => {
        if (!ids.has(c)) ctx.addIssue({ code: "custom", path: ["objects", i, "controls", j], message: `unknown object "${c}"` });
      }),
    );
    if (!rooms.has(scene.agent.room)) ctx.addIssue({ code: "custom", path: ["agent", "room"], message: `unknown room "${scene.agent.room}"` });
    for (const p of placementProblems(scene)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  });

export type SceneFile = z.infer<typeof SceneSchema>;
export type SceneInput = z.input<typeof SceneSchema>;
export type RoomSpec = SceneFile["rooms"][number];
export type ObjectSpec = SceneFile["objects"][number];
