import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// react-admin views take a while to mount on a small CI box; findBy* waits up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });
