import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type SerializedError = { message?: string; name?: string };

/**
 * Prints the plain closing line CI reads, "Tests: N passed, N failed", and after it each failed
 * test with the first line of its error: a CI log shows only its last lines, and a failure in a
 * long run must be named there.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const testModule of testModules) {
      const where = `[${testModule.project.name}] ${path.relative(process.cwd(), testModule.moduleId)}`;
      // A file that failed outside its tests (an import, a hook) has errors of its own.
      for (const error of testModule.errors()) failures.push(`${where}: ${firstLine(error.message ?? "")}`);
      for (const testCase of testModule.children.allTests()) {
        const result = testCase.result();
        if (result.state === "passed") passed++;
        else if (result.state === "failed") {
          failed++;
          failures.push(`${where} > ${testCase.fullName}: ${firstLine(result.errors?.[0]?.message ?? "")}`);
        } else skipped++;
      }
    }
    // An error outside every test (an exception after one ended) fails the run though every test passed.
    for (const error of unhandledErrors) failures.push(`unhandled ${error.name ?? "error"}: ${firstLine(error.message ?? "")}`);
    // Two runs side by side (scripts/test.js) each add their counts to a file, and one line counts both.
    const summaries = process.env.TEST_SUMMARY_FILE;
    if (summaries) fs.appendFileSync(summaries, JSON.stringify({ passed, failed, skipped, failures }) + "\n");
    else {
      console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
      for (const failure of failures) console.log(`  failed: ${failure}`);
    }
  }
}

const firstLine = (message: string) => message.split("\n")[0]!.slice(0, 300);
