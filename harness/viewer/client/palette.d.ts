/** Types of palette.js (plain ES module shared by the browser app and the exporters). */
export declare const OBJECT_COLORS: Readonly<{ fixed: number; carryable: number; goal: number; unobserved: number; held: number }>;
export declare const ROOM_COLORS: Readonly<{ indoor: number; outdoor: number; outline: number; door: number }>;
export declare const AGENT_COLORS: Readonly<{ body: number; path: number; futurePath: number }>;
export declare function objectColor(o: { kind: "fixed" | "carryable"; goal: boolean; observed: boolean; held: boolean }): number;
export declare function cssColor(c: number): string;
export declare function rgba(c: number, a?: number): { r: number; g: number; b: number; a: number };
