import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from "../test/fakeFetch";
import { staffUser } from "../test/fixtures";
import { createMemoryStorage } from "../test/memoryStorage";
import { INSURABLE_BATCH_MS } from "../domain/constants";
import { INSURABLE_LOOKUP_FIELDS } from "../domain/insurables";
import { setSelectedAgencyId } from "./agencySelection";
import { createDataProvider } from "./dataProvider";
import { createHttpClient } from "./httpClient";
import { createInsurableLookups } from "./insurableLookups";
import { onDataChanged } from "./queryClient";
import type { Role } from "../domain/roles";

const SIGNED_IN = { accessToken: "tok-1", tokenType: "Bearer", client: "cli-1", expiry: "1999999999", uid: "staff@coverdesk.test" };

/** The server's answer: the asked ids it knows (ids above 100 are outside the caller's scope and left out). */
const answerListByFields = (request: RecordedRequest): FakeAnswer | undefined => {
  if (!request.url.includes("/insurables/list_by_fields")) return undefined;
  const { insurable_ids } = request.body as { insurable_ids: number[] };
  return { body: { data: insurable_ids.filter((id) => id <= 100).map((id) => ({ id, title: `Unit ${id}` })) } };
};

function setup(role: Role = "staff", route: (request: RecordedRequest) => FakeAnswer | undefined = answerListByFields) {
  const storage = createMemoryStorage({ ...SIGNED_IN, user: JSON.stringify(staffUser(role)) });
  const fake = createFakeFetch(route);
  const dataProvider = createDataProvider(createHttpClient({ storage, fetchImpl: fake.fetchImpl }), { storage });
  return { fake, dataProvider, storage };
}

const lookupCalls = (fake: ReturnType<typeof createFakeFetch>) => fake.requests.filter((r) => r.url.includes("/insurables/list_by_fields"));

describe("insurable lookups by id (document 3 section 7: batched with a 300 ms debounce)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("getMany calls within 300 ms of each other make one list_by_fields call, and each caller gets its own rows", async () => {
    const { fake, dataProvider } = setup();
    const first = dataProvider.getMany("insurable", { ids: [3, 1] });
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS - 1);
    const second = dataProvider.getMany("insurable", { ids: [2, 3] });
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS - 1);
    const third = dataProvider.getMany("insurable", { ids: [4] });
    expect(lookupCalls(fake)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);

    expect(lookupCalls(fake)).toHaveLength(1);
    const [call] = lookupCalls(fake);
    expect(call.method).toBe("POST");
    // Sent without a role prefix, every id once, with the grid row's fields.
    expect(call.url.split("?")[0]).toBe("/v2/insurables/list_by_fields");
    expect(call.body).toEqual({ insurable_ids: [3, 1, 2, 4], fields: [...INSURABLE_LOOKUP_FIELDS] });
    expect((await first).data).toEqual([{ id: 3, title: "Unit 3" }, { id: 1, title: "Unit 1" }]);
    expect((await second).data).toEqual([{ id: 2, title: "Unit 2" }, { id: 3, title: "Unit 3" }]);
    expect((await third).data).toEqual([{ id: 4, title: "Unit 4" }]);
  });

  it("a lookup after 300 ms of quiet goes in a call of its own", async () => {
    const { fake, dataProvider } = setup();
    const first = dataProvider.getMany("insurable", { ids: [1] });
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
    expect(lookupCalls(fake)).toHaveLength(1);
    const second = dataProvider.getMany("insurable", { ids: [2] });
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
    expect(lookupCalls(fake)).toHaveLength(2);
    expect(lookupCalls(fake).map((r) => (r.body as { insurable_ids: number[] }).insurable_ids)).toEqual([[1], [2]]);
    expect((await first).data.map((r) => r.id)).toEqual([1]);
    expect((await second).data.map((r) => r.id)).toEqual([2]);
  });

  it("a failed call reaches every caller it carried, and the next lookup asks again", async () => {
    let fail = true;
    const { fake, dataProvider } = setup("staff", (request) =>
      fail && request.url.includes("/insurables/list_by_fields") ? { status: 500, body: { error: "boom" } } : answerListByFields(request),
    );
    const first = dataProvider.getMany("insurable", { ids: [1] });
    const second = dataProvider.getMany("insurable", { ids: [2] });
    const settled = Promise.allSettled([first, second]);
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
    const [a, b] = await settled;
    expect(lookupCalls(fake)).toHaveLength(1);
    expect(a.status).toBe("rejected");
    expect(b.status).toBe("rejected");
    expect((a as PromiseRejectedResult).reason).toMatchObject({ status: 500 });
    expect((b as PromiseRejectedResult).reason).toMatchObject({ status: 500 });

    fail = false;
    const again = dataProvider.getMany("insurable", { ids: [2] });
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
    expect((await again).data).toEqual([{ id: 2, title: "Unit 2" }]);
  });

  it("leaves the scope to the server: ids it left out are missing, the selected agency goes along, and nothing is marked changed", async () => {
    const { fake, dataProvider, storage } = setup("agent");
    setSelectedAgencyId(7, storage);
    let changed = 0;
    const stop = onDataChanged(() => changed++);
    try {
      const result = dataProvider.getMany("insurable", { ids: [5, 101, 6] });
      await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
      expect((await result).data.map((r) => r.id)).toEqual([5, 6]);
      const [call] = lookupCalls(fake);
      expect(call.url).toContain("agency_id=7");
      expect(call.headers["access-token"]).toBe("tok-1");
      // A lookup is a read: were it taken for a change, every query would be refetched, and each refetch look up again.
      expect(changed).toBe(0);
    } finally {
      stop();
    }
  });

  it("splits a batch over the server's limit of 500 ids into several calls, all answered", async () => {
    const asked: number[][] = [];
    const lookups = createInsurableLookups(async (ids) => {
      asked.push(ids);
      return ids.map((id) => ({ id }));
    });
    const many = Array.from({ length: 1200 }, (_, i) => i + 1);
    const result = lookups(many);
    await vi.advanceTimersByTimeAsync(INSURABLE_BATCH_MS);
    expect(asked.map((ids) => ids.length)).toEqual([500, 500, 200]);
    expect((await result).map((r) => r.id)).toEqual(many);
  });

  it("other resources' getMany still read their list", async () => {
    const { fake, dataProvider } = setup();
    fake.answer({ body: [{ id: 1, title: "A" }], headers: { "total-entries": "1" } });
    const { data } = await dataProvider.getMany("accounts", { ids: [1] });
    expect(data.map((r) => r.id)).toEqual([1]);
    expect(lookupCalls(fake)).toHaveLength(0);
  });
});
