import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";
import { afterAll, vi } from "vitest";

// react-admin views take a while to mount on a small CI box; findBy* waits up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

// react-admin schedules some state updates on a zero-delay timer (useReferenceParams' changeParams, fired when an
// autocomplete's filter changes or its input unmounts). One scheduled by a file's last test used to fire after the
// file's DOM was torn down ("window is not defined", an unhandled error that fails the run): let them fire first.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
