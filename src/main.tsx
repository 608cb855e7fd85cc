import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { hideSplash } from "./layout/splash";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The first screen hides the splash once the session check is done (readings C-48). Should the start fail, the
// splash must not hide the error for ever.
const SPLASH_SAFETY_MS = 15000;
setTimeout(() => hideSplash(), SPLASH_SAFETY_MS);
