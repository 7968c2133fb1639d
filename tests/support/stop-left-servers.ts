import { afterAll } from "vitest";
import { killLeftServers } from "./server";

// After each file, hooks and all: a server a failed test did not stop is not left running.
afterAll(killLeftServers);
