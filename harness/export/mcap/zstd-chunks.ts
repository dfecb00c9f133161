import { compress, decompress, isLoaded } from "@foxglove/wasm-zstd";

/** How MCAP chunks are compressed: `zstd` (Foxglove's default, level 3) or `none`. */
export const MCAP_COMPRESSIONS = ["zstd", "none"] as const;
export type McapCompression = (typeof MCAP_COMPRESSIONS)[number];

/** Chunk data as `McapWriter`'s `compressChunk` hands it over. */
type ChunkCompressor = (chunkData: Uint8Array) => { compression: string; compressedData: Uint8Array };

/**
 * The `compressChunk` function for `McapWriter`, or undefined for uncompressed chunks. The zstd codec is
 * WebAssembly and loads asynchronously, so this waits for it once. Scene updates repeat the whole house every
 * step, so chunks shrink about tenfold.
 */
export async function chunkCompressor(compression: McapCompression): Promise<ChunkCompressor | undefined> {
  if (compression === "none") return undefined;
  await isLoaded;
  return (chunkData) => ({ compression: "zstd", compressedData: compress(chunkData, 3) });
}

/**
 * Decompression handlers for `McapIndexedReader` / `McapStreamReader` (`decompressHandlers`): reads the zstd
 * chunks {@link chunkCompressor} writes. Wait for {@link zstdLoaded} before reading.
 */
export const mcapDecompressHandlers = {
  zstd: (buffer: Uint8Array, decompressedSize: bigint): Uint8Array => decompress(buffer, Number(decompressedSize)),
};

/** Resolves when the zstd codec (WebAssembly) is ready. */
export const zstdLoaded: Promise<boolean> = isLoaded;
