// The Markdown the OpenAPI document's descriptions use: code spans (`inventory:read`). Anything
// else is shown as the text it is; React escapes it, so a description cannot inject markup.
import { Fragment } from "react";

export function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, index) =>
        part.length > 2 && part.startsWith("`") && part.endsWith("`") ? (
          <code key={index}>{part.slice(1, -1)}</code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
