import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Prints the plain closing line CI reads: "Tests: N passed, N failed". */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    // Two runs side by side (scripts/test.js) each add their counts to a file, and one line counts both.
    const summaries = process.env.TEST_SUMMARY_FILE;
    if (summaries) fs.appendFileSync(summaries, JSON.stringify({ passed, failed, skipped }) + "\n");
    else console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
