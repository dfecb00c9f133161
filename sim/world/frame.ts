import { removeAt } from "../list-edits.ts";

/**
 * The world's own scene-graph node: parent, children in order, local pose (position + yaw) and world matrix.
 * The world keeps its graph in these and builds the three.js graph from them only when someone asks for it
 * (`World.root`, `SimObject.node`): constructing an Object3D and going through Matrix4 for every move cost
 * about a third of a reset and most of a pick. The arithmetic is three's own, operation for operation
 * (Quaternion.setFromEuler with order XYZ, Matrix4.compose with unit scale, Matrix4.multiplyMatrices), so a
 * frame's world matrix is bit for bit the matrixWorld three computes for the same node.
 */
export class Frame {
  parent: Frame | null = null;
  /** In insertion order, as Object3D.add/remove keep them (traversal order depends on it). */
  readonly children: Frame[] = [];
  /** Local position. */
  x = 0;
  y = 0;
  z = 0;
  /** Local rotation about z (Euler z, order XYZ). */
  yaw = 0;
  /** World matrix, column-major like Matrix4.elements. */
  readonly world: number[] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

  constructor(
    readonly name: string,
    /** Id of the object this frame carries, or null (root, rooms, agent). */
    readonly objectId: string | null,
  ) {}

  /** Object3D.add after removeFromParent: detaches from the current parent, appends to `parent`'s children. */
  attachTo(parent: Frame): void {
    const old = this.parent;
    if (old) {
      const i = old.children.indexOf(this);
      if (i !== -1) removeAt(old.children, i);
    }
    this.parent = parent;
    parent.children.push(this);
  }

  /** Object3D.updateWorldMatrix(false, false) with matrixAutoUpdate: this frame's world matrix from its parent's. */
  updateWorld(): void {
    const te = LOCAL;
    composeYaw(te, this.x, this.y, this.z, this.yaw);
    if (this.parent === null) for (let i = 0; i < 16; i++) this.world[i] = te[i]!;
    else multiplyMatrices(this.world, this.parent.world, te);
  }

  /** Pre-order walk (Object3D.traverse order): this frame, then each child's subtree in order. */
  traverse(visit: (f: Frame) => void): void {
    visit(this);
    const children = this.children;
    for (let i = 0, n = children.length; i < n; i++) children[i]!.traverse(visit);
  }
}

/** Scratch local matrix (frames are updated one at a time). */
const LOCAL: number[] = new Array<number>(16).fill(0);

/**
 * Matrix4.compose(position, quaternion, scale (1, 1, 1)) for the quaternion Quaternion.setFromEuler makes of
 * Euler(0, 0, yaw, "XYZ"): the same operations in the same order, zero terms included, so the rounding is three's.
 */
export function composeYaw(te: number[], px: number, py: number, pz: number, yaw: number): void {
  const c1 = Math.cos(0 / 2);
  const c2 = Math.cos(0 / 2);
  const c3 = Math.cos(yaw / 2);
  const s1 = Math.sin(0 / 2);
  const s2 = Math.sin(0 / 2);
  const s3 = Math.sin(yaw / 2);
  const x = s1 * c2 * c3 + c1 * s2 * s3;
  const y = c1 * s2 * c3 - s1 * c2 * s3;
  const z = c1 * c2 * s3 + s1 * s2 * c3;
  const w = c1 * c2 * c3 - s1 * s2 * s3;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const xy = x * y2;
  const xz = x * z2;
  const yy = y * y2;
  const yz = y * z2;
  const zz = z * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  const sx = 1;
  const sy = 1;
  const sz = 1;
  te[0] = (1 - (yy + zz)) * sx;
  te[1] = (xy + wz) * sx;
  te[2] = (xz - wy) * sx;
  te[3] = 0;
  te[4] = (xy - wz) * sy;
  te[5] = (1 - (xx + zz)) * sy;
  te[6] = (yz + wx) * sy;
  te[7] = 0;
  te[8] = (xz + wy) * sz;
  te[9] = (yz - wx) * sz;
  te[10] = (1 - (xx + yy)) * sz;
  te[11] = 0;
  te[12] = px;
  te[13] = py;
  te[14] = pz;
  te[15] = 1;
}

/** Matrix4.multiplyMatrices(a, b) into `te` (column-major), term for term. `te` must not be `a` or `b`. */
export function multiplyMatrices(te: number[], ae: readonly number[], be: readonly number[]): void {
  const a11 = ae[0]!, a12 = ae[4]!, a13 = ae[8]!, a14 = ae[12]!;
  const a21 = ae[1]!, a22 = ae[5]!, a23 = ae[9]!, a24 = ae[13]!;
  const a31 = ae[2]!, a32 = ae[6]!, a33 = ae[10]!, a34 = ae[14]!;
  const a41 = ae[3]!, a42 = ae[7]!, a43 = ae[11]!, a44 = ae[15]!;
  const b11 = be[0]!, b12 = be[4]!, b13 = be[8]!, b14 = be[12]!;
  const b21 = be[1]!, b22 = be[5]!, b23 = be[9]!, b24 = be[13]!;
  const b31 = be[2]!, b32 = be[6]!, b33 = be[10]!, b34 = be[14]!;
  const b41 = be[3]!, b42 = be[7]!, b43 = be[11]!, b44 = be[15]!;
  te[0] = a11 * b11 + a12 * b21 + a13 * b31 + a14 * b41;
  te[4] = a11 * b12 + a12 * b22 + a13 * b32 + a14 * b42;
  te[8] = a11 * b13 + a12 * b23 + a13 * b33 + a14 * b43;
  te[12] = a11 * b14 + a12 * b24 + a13 * b34 + a14 * b44;
  te[1] = a21 * b11 + a22 * b21 + a23 * b31 + a24 * b41;
  te[5] = a21 * b12 + a22 * b22 + a23 * b32 + a24 * b42;
  te[9] = a21 * b13 + a22 * b23 + a23 * b33 + a24 * b43;
  te[13] = a21 * b14 + a22 * b24 + a23 * b34 + a24 * b44;
  te[2] = a31 * b11 + a32 * b21 + a33 * b31 + a34 * b41;
  te[6] = a31 * b12 + a32 * b22 + a33 * b32 + a34 * b42;
  te[10] = a31 * b13 + a32 * b23 + a33 * b33 + a34 * b43;
  te[14] = a31 * b14 + a32 * b24 + a33 * b34 + a34 * b44;
  te[3] = a41 * b11 + a42 * b21 + a43 * b31 + a44 * b41;
  te[7] = a41 * b12 + a42 * b22 + a43 * b32 + a44 * b42;
  te[11] = a41 * b13 + a42 * b23 + a43 * b33 + a44 * b43;
  te[15] = a41 * b14 + a42 * b24 + a43 * b34 + a44 * b44;
}
