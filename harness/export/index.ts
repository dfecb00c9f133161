/** Exports for other tools: episodes as MCAP recordings (Foxglove), houses as glTF. */
export { exportPath, replaceExtension, EXPORT_FORMATS, type ExportFormat, type ExportOptions, type ExportResult } from "./export-path.ts";
export { episodeToMcap, MCAP_TOPICS } from "./mcap/episode-mcap.ts";
export { MCAP_COMPRESSIONS, mcapDecompressHandlers, zstdLoaded, type McapCompression } from "./mcap/zstd-chunks.ts";
export { GOAL_STATUS_SCHEMA, type GoalStatus } from "./mcap/foxglove-messages.ts";
export { sceneToGltf, buildHouse, type GltfSceneOptions } from "./gltf/scene-gltf.ts";
