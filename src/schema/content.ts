import * as z from "zod/mini";

export const TextBlockSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
/** A text block: prose written by a person or a model. */
export type TextBlock = z.infer<typeof TextBlockSchema>;

export const ThinkingBlockSchema = z.looseObject({
  type: z.literal("thinking"),
  // Redacted thinking carries an empty string or nothing at all.
  thinking: z._default(z.string(), ""),
  redacted: z.optional(z.boolean()),
});
/** A model's reasoning; `redacted` means the provider returned nothing readable. */
export type ThinkingBlock = z.infer<typeof ThinkingBlockSchema>;

export const ImageBlockSchema = z.looseObject({
  type: z.literal("image"),
  data: z.string(),
  mimeType: z.string(),
});
/** An image as base64 `data` with its MIME type. */
export type ImageBlock = z.infer<typeof ImageBlockSchema>;

export const ToolCallBlockSchema = z.looseObject({
  type: z.literal("toolCall"),
  id: z.optional(z.string()),
  name: z.string(),
  // An object as a rule; some providers leave it a JSON string.
  arguments: z.unknown(),
});
/** A call the model made to a tool; paired with its result by `id` = `toolCallId`. */
export type ToolCallBlock = z.infer<typeof ToolCallBlockSchema>;

/** A block of a type this tool does not know, or a known type with the wrong shape: kept as stored. */
export interface OtherBlock {
  type: "other";
  value: unknown;
}

export type ContentBlock = TextBlock | ThinkingBlock | ImageBlock | ToolCallBlock | OtherBlock;

const blockSchemas = {
  text: TextBlockSchema,
  thinking: ThinkingBlockSchema,
  image: ImageBlockSchema,
  toolCall: ToolCallBlockSchema,
} as const;

/** Reads one content block; anything unrecognised becomes an `other` block holding the stored value. */
export function parseContentBlock(value: unknown): ContentBlock {
  if (typeof value === "object" && value !== null && "type" in value) {
    const type = (value as { type: unknown }).type;
    if (typeof type === "string" && Object.hasOwn(blockSchemas, type)) {
      const result = blockSchemas[type as keyof typeof blockSchemas].safeParse(value);
      if (result.success) return result.data;
    }
  }
  return { type: "other", value };
}

/** Message content: a plain string, or an array of blocks (each read leniently). */
export const ContentSchema = z.union([
  z.string(),
  z.pipe(
    z.array(z.unknown()),
    z.transform((blocks) => blocks.map(parseContentBlock)),
  ),
]);
export type Content = z.infer<typeof ContentSchema>;
