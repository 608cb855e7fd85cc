import { describe, expect, it } from "vitest";
import { reasonForDigit } from "./declineReasons";
import { neighbour, shortcutFor } from "./reviewQueue";

describe("Policy Review keyboard and navigation", () => {
  const items = [{ id: 4 }, { id: 7 }, { id: 9 }];

  it("moves to the next and previous item, staying at the ends", () => {
    expect(neighbour(items, null, 1)).toBe(4);
    expect(neighbour(items, 4, 1)).toBe(7);
    expect(neighbour(items, 9, 1)).toBe(9);
    expect(neighbour(items, 4, -1)).toBe(4);
    expect(neighbour([], 4, 1)).toBeNull();
  });

  it("maps J, K, A, D, ? and digits", () => {
    expect(["j", "K", "a", "D", "?", "x"].map(shortcutFor)).toEqual(["next", "previous", "accept", "decline", "help", null]);
    expect(reasonForDigit("1")).toBe("r1");
    expect(reasonForDigit("0")).toBe("r10");
    expect(reasonForDigit("x")).toBeNull();
  });
});
