import { describe, expect, it } from "vitest";
import { passwordProblem } from "./passwords";

describe("passwordProblem", () => {
  it("needs 10 to 128 characters", () => {
    expect(passwordProblem("coverdesk")).toBe("too_short");
    expect(passwordProblem("x".repeat(129))).toBe("too_long");
    expect(passwordProblem("maple-harbor-42")).toBeNull();
  });

  it("refuses the common ones, whatever their case, and runs of one character or digits", () => {
    for (const common of ["Password123", "QWERTYUIOP", "1234567890", "aaaaaaaaaaaa", "3456789012", "Coverdesk123"]) expect(passwordProblem(common), common).toBe("too_common");
  });
});
