"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { DownloadButton } from "@/components/ui/download-button";

// Use: render <SecretBox> in place of the form that created the secret, once the answer is in:
//   {created ? <SecretBox title={`Token “${created.name}” created.`} secret={created.secret}
//     copyLabel="Copy token" testId="new-token-secret" onDone={() => create.reset()}>…how to use it…</SecretBox> : <Form/>}
// It scrolls itself to the middle of the screen and takes focus, so the person who pressed
// "Create" is looking at it and a screen reader reads it; "I have stored it" calls onDone.
// A list of secrets (recovery codes) shows one per cell, never broken inside a code, and
// `downloadName` offers them as a text file beside Copy.

export function SecretBox({
  title,
  secret,
  copyLabel = "Copy",
  downloadName,
  testId,
  onDone,
  children,
}: {
  title: ReactNode;
  secret: string | readonly string[];
  copyLabel?: string;
  /** Also offer "Download as text", saving the secret (one item a line) under this file name. */
  downloadName?: string;
  /** data-testid of the secret's text, for the specs. */
  testId?: string;
  onDone: () => void;
  /** How to use the secret. */
  children?: ReactNode;
}) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const text = typeof secret === "string" ? secret : secret.join("\n");
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Focus first without its own scroll (which only brings the edge into view), then centre it.
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
    return keepInView(element);
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      className="notice notice--success secret-box"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-once`}
      data-testid="secret-box"
    >
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      <p id={`${id}-once`} className="secret-box__once">
        Copy it now — it is shown once. Nobody, us included, can show it again.
      </p>
      {typeof secret === "string" ? (
        <div className="secret">
          <code id={`${id}-secret`} data-testid={testId}>
            {secret}
          </code>
          <CopyButton text={text} targetId={`${id}-secret`} label={copyLabel} />
        </div>
      ) : (
        <>
          <ol id={`${id}-secret`} className="secret-list" data-testid={testId}>
            {secret.map((item) => (
              <li key={item}>
                <code data-testid="secret-item">{item}</code>
              </li>
            ))}
          </ol>
          <div className="row">
            <CopyButton text={text} targetId={`${id}-secret`} label={copyLabel} />
            {downloadName ? (
              <DownloadButton text={text} fileName={downloadName} label="Download as text" />
            ) : null}
          </div>
        </>
      )}
      {children}
      <button type="button" className="btn btn--small" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}

/**
 * What loads around the box after it shows (an endpoint's details opening above the form that
 * made it) must not push it out of view: while the page's layout settles it is centred again
 * whenever it is no longer wholly on screen, until the person scrolls, touches or types.
 */
function keepInView(element: HTMLElement): () => void {
  const recentre = () => {
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
  };
  const observer = new ResizeObserver(recentre);
  observer.observe(document.body);
  observer.observe(element);
  const intents = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
  const stop = () => {
    observer.disconnect();
    for (const intent of intents) window.removeEventListener(intent, stop, true);
  };
  for (const intent of intents) window.addEventListener(intent, stop, { capture: true, passive: true });
  return stop;
}
