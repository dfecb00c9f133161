/**
 * Scene ids of a Housekeep house's rooms and receptacles, and of an episode's objects. They are made from the
 * source's keys (`kitchen_0-counter_64_0.urdf`, `apple_1`), which are anyone's strings, and they end up as scene
 * ids, as operands of the task's BDDL (`(inroom apple_1 kitchen_0)`) and inside the `floor_<room>` objects the
 * world adds. So each id is
 * - clean: letters, digits and `_` only — one BDDL symbol, nothing its tokenizer splits or comments out
 *   (spaces, parentheses, `;`) — never empty, never `__proto__` (the scene schema refuses it);
 * - unique within the house, ignoring case: rooms, the floors the world adds (`floor_<room>`), the agent
 *   (`agent`, which the task binds), receptacles and the episode's objects all apart. Cleaning drops characters
 *   (`kitchen_0-counter_1_0` and `kitchen_0_counter_1_0.urdf` clean alike), and ids that differ in case only
 *   would name two things one reader (an agent, a person, a case-insensitive file system) takes for one; a room
 *   is never called `floor_…`, which the world's floors are;
 * - stable: it depends on the set of keys only, not on their order. Every key whose cleaned id is free keeps
 *   it — so plain keys, such as all of the shared sample's, keep the ids they always had — and where cleaned ids
 *   clash the key first in code-unit order keeps it and the others get the first free `_2`, `_3`, ….
 */
import { housekeepRoomType, type HousekeepEpisode } from "./housekeep.ts";

/** Ids no room, receptacle or object of a house may take (compared ignoring case). */
const RESERVED = ["__proto__", "agent"];

/** `text` with every run of characters other than letters, digits and `_` turned into one `_`; `fallback` if empty. */
function clean(text: string, fallback: string): string {
  return text.replace(/[^A-Za-z0-9_]+/g, "_") || fallback;
}

/** The room part of a receptacle key as written (`kitchen_0-counter_64_0.urdf` → `kitchen_0`). */
export function housekeepRoomName(key: string): string {
  return key.split("-")[0]!;
}

/** The cleaned scene object id of a receptacle key before uniqueness (`kitchen_0-counter_64_0.urdf` → `kitchen_0_counter_64_0`). */
export function receptacleId(key: string): string {
  return clean(key.replace(/\.urdf$/, ""), "receptacle");
}

/** The cleaned scene object id of an episode object's key before uniqueness (`apple-1` → `apple_1`). */
export function objectId(key: string): string {
  return clean(key, "object");
}

/**
 * The cleaned id of a room name before uniqueness (`living room_0` → `living_room_0`). One that would start with
 * `floor_` gets `room_` before it, so that no room is called as the world calls another room's floor.
 */
function roomId(name: string): string {
  const id = clean(name, "room");
  return /^floor_/i.test(id) ? `room_${id}` : id;
}

/** Code-unit order, the same on every machine and locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Ids for `names` (see module comment): each name's `plain` id when it is free, else `<plain>_N` with the first
 * free N ≥ 2. `taken` holds the lower-cased ids already used; the ids handed out are added to it.
 */
function allocate(names: Iterable<string>, plain: (name: string) => string, taken: Set<string>): Map<string, string> {
  const sorted = [...new Set(names)].sort(byCodeUnits);
  const out = new Map<string, string>();
  const clashing: string[] = [];
  // every plain id is handed out before any suffixed one, so a suffix never takes another key's plain id
  for (const name of sorted) {
    const id = plain(name);
    if (taken.has(id.toLowerCase())) clashing.push(name);
    else {
      taken.add(id.toLowerCase());
      out.set(name, id);
    }
  }
  for (const name of clashing) {
    const base = plain(name);
    let n = 2;
    while (taken.has(`${base}_${n}`.toLowerCase())) n++;
    taken.add(`${base}_${n}`.toLowerCase());
    out.set(name, `${base}_${n}`);
  }
  return out;
}

/** The ids of one house's rooms and receptacles; {@link objectIds} gives an episode's objects theirs. */
export class HousekeepHouseIds {
  /** Room id by the room part of receptacle keys (`kitchen_0` → `kitchen_0`). */
  readonly rooms: ReadonlyMap<string, string>;
  /** Room type by room id (`living_room_0` → `living_room`): from the cleaned room name, never from a suffix. */
  readonly roomTypes: ReadonlyMap<string, string>;
  /** Scene object id by receptacle key. */
  readonly receptacles: ReadonlyMap<string, string>;
  /** Lower-cased ids of the house: rooms, their floors, receptacles and the reserved ones. */
  private readonly taken: ReadonlySet<string>;

  /** Ids for the receptacle keys of a house; keys outside any room (`None-…`) get none, as they are not imported. */
  constructor(receptacleKeys: Iterable<string>) {
    const keys = [...new Set(receptacleKeys)].filter((k) => housekeepRoomType(k) !== "none");
    const taken = new Set(RESERVED);
    const rooms = allocate(keys.map(housekeepRoomName), roomId, taken);
    // the world adds a floor object `floor_<room>` for each room: no receptacle or object may be called that
    for (const id of rooms.values()) taken.add(`floor_${id}`.toLowerCase());
    this.rooms = rooms;
    this.roomTypes = new Map([...rooms].map(([name, id]) => [id, clean(name, "room").replace(/_\d+$/, "") || "room"]));
    this.receptacles = allocate(keys, receptacleId, taken);
    this.taken = taken;
  }

  /** The ids of every receptacle key of `episodes`, one house's. */
  static of(episodes: readonly HousekeepEpisode[]): HousekeepHouseIds {
    return new HousekeepHouseIds(episodes.flatMap((ep) => ep.receptacles.map((r) => r.key)));
  }

  /** Scene object id by object key for one episode of the house: apart from the house's ids and from each other. */
  objectIds(objectKeys: Iterable<string>): Map<string, string> {
    return allocate(objectKeys, objectId, new Set(this.taken));
  }
}
