import { useState } from "react";
import { useNotify } from "react-admin";
import { uploadForm } from "../../dataProvider/upload";

/** Uploads PDFs to the DMR queue with a progress figure, reports queued and already-queued counts, then reloads. */
export function useDmrUpload(onDone: () => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);

  const send = async (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    setBusy(true);
    setPercent(0);
    const { status, json } = await uploadForm<{ data?: unknown[]; duplicates?: unknown[]; message?: string; file_name?: string }>("/dmr/checked_files", form, { onProgress: setPercent });
    setBusy(false);
    if (status === 200 || status === 201) {
      notify("app.dmr.upload.done", { type: "success", messageArgs: { added: json?.data?.length ?? 0, duplicates: json?.duplicates?.length ?? 0 } });
      onDone();
    } else if (json?.file_name && json.message) {
      // The upload is all or nothing: say which file was refused, and that none was queued.
      notify("app.dmr.upload.failed_file", { type: "error", messageArgs: { file: json.file_name, message: json.message } });
    } else {
      notify(json?.message ?? "app.dmr.upload.failed", { type: "error", messageArgs: { _: json?.message } });
    }
  };

  return { send, busy, percent };
}
