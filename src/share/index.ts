/** Sharing a report as a gist through the user's `gh`: create, find again, delete. */

export { GhError, type GhResult, type GhRunner, ghRunner } from "../github/gh.js";
export { createShare, requireLogin, type ShareFiles, SUMMARY_FILE } from "./create-share.js";
export { deleteShare } from "./delete-share.js";
export { type FindSharesOptions, findShares, type Share } from "./find-shares.js";
export { renderShareFiles, withViewerMarker } from "./render-share-files.js";
export {
  DEFAULT_SHARE_VIEWER_URL,
  VIEWER_FILE,
  VIEWER_MAX_BYTES,
  viewerSizeNote,
  viewerUrl,
} from "./viewer-url.js";
