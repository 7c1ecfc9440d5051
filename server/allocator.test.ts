import { describe, expect, test } from "vitest";
import { ALLOCATOR_ENV, missingAllocatorEnv, withAllocatorEnv } from "./allocator.js";

describe("the allocator settings the server starts with", () => {
  test("two arenas and a fixed 128 KB mmap threshold, unless the operator set their own", () => {
    expect(withAllocatorEnv({ PORT: "3000" })).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(withAllocatorEnv({ MALLOC_ARENA_MAX: "4" })).toMatchObject({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "131072" });
  });

  test("missing ones are named on Linux (glibc's), none elsewhere", () => {
    expect(missingAllocatorEnv({}, "linux")).toEqual(Object.keys(ALLOCATOR_ENV));
    expect(missingAllocatorEnv({ MALLOC_ARENA_MAX: "2" }, "linux")).toEqual(["MALLOC_MMAP_THRESHOLD_"]);
    expect(missingAllocatorEnv(withAllocatorEnv({}), "linux")).toEqual([]);
    expect(missingAllocatorEnv({}, "darwin")).toEqual([]);
  });
});
