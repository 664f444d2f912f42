import type { RootContent } from "mdast";
import { EMBEDDABLE_IMAGE_TYPES } from "../../view/content-view.js";
import type { ImageView } from "../../view/entry-view.js";
import { formatInteger } from "../../view/format.js";
import { code, emphasis, paragraph, text } from "./mdast.js";

/** A file the Markdown report links to, written beside it. `path` is relative to the `.md` file. */
export interface MarkdownAsset {
  path: string;
  data: Buffer;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Images of the report. A Markdown file cannot hold an image, so with an assets folder each PNG,
 * JPEG, GIF or WebP becomes a file there (`img-001.png`, numbered in reading order, identical images
 * written once) and a link to it; without one (standard output), a one-line note of its type and size.
 */
export class MarkdownImages {
  readonly assets: MarkdownAsset[] = [];
  readonly #byData = new Map<string, string>();

  /** `assetsDir`: the folder for image files, relative to the `.md` file; undefined for notes only. */
  constructor(private readonly assetsDir: string | undefined) {}

  /** The blocks that show one image. */
  place(image: ImageView): RootContent {
    const type = image.mimeType.toLowerCase();
    const size = `${formatInteger(image.bytes)} bytes`;
    const extension = Object.hasOwn(EXTENSIONS, type) ? EXTENSIONS[type] : undefined;
    if (image.reference !== null) {
      return paragraph(
        emphasis(
          text(`Image not in this file (${image.mimeType}): the session holds only a reference to it, `),
          code(image.reference),
          text(", and the image is stored elsewhere."),
        ),
      );
    }
    const data = image.data.replace(/\s+/g, "");
    if (extension === undefined || !BASE64.test(data)) {
      return paragraph(emphasis(text(`Image not written (${image.mimeType}, ${size}): only ${KINDS} are.`)));
    }
    if (this.assetsDir === undefined) {
      return paragraph(
        emphasis(text(`Image (${type}, ${size}): write the report to a file (-o) to keep it.`)),
      );
    }
    let path = this.#byData.get(data);
    if (path === undefined) {
      path = `${this.assetsDir}/img-${String(this.assets.length + 1).padStart(3, "0")}.${extension}`;
      this.assets.push({ path, data: Buffer.from(data, "base64") });
      this.#byData.set(data, path);
    }
    return paragraph({ type: "image", url: urlOf(path), alt: `image (${type}, ${size})`, title: null });
  }

  /** The blocks for a list of images. */
  placeAll(images: readonly ImageView[]): RootContent[] {
    return images.map((image) => this.place(image));
  }
}

const KINDS = EMBEDDABLE_IMAGE_TYPES.map((type) => type.replace("image/", "").toUpperCase()).join(", ");

/** A relative path as a link target: each segment percent-encoded (a folder name may hold spaces or `#`). */
function urlOf(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
