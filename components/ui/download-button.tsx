"use client";

// Use: <DownloadButton text={codes.join("\n")} fileName="recovery-codes.txt" label="Download as text" />
// Saves text the page already holds as a file, made in the browser: nothing is asked of the
// server again (a secret shown once cannot be fetched twice).

export function DownloadButton({ text, fileName, label }: { text: string; fileName: string; label: string }) {
  function save() {
    const url = URL.createObjectURL(
      new Blob([text.endsWith("\n") ? text : `${text}\n`], { type: "text/plain" }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has the file once the click is handled; the URL would only hold memory.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return (
    <button type="button" className="btn" onClick={save}>
      {label}
    </button>
  );
}
