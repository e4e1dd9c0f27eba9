"use client";
import { useState } from "react";

/** Copies text to the clipboard and says so; falls back to selecting the text for Ctrl+C. */
export function CopyButton({
  text,
  label = "Copy",
  targetId,
}: {
  text: string;
  label?: string;
  targetId?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access needs a secure context and permission; selecting still helps.
      const target = targetId ? document.getElementById(targetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setState("failed");
    }
  }
  return (
    <>
      <button type="button" className="btn" onClick={copy}>
        {state === "copied" ? "Copied" : label}
      </button>
      <span className="visually-hidden" role="status">
        {state === "copied"
          ? "Copied to the clipboard"
          : state === "failed"
            ? "Could not copy; the text is selected, press Ctrl+C"
            : ""}
      </span>
    </>
  );
}
