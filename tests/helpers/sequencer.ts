import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest orders files by their last run's duration, longest first, but CI starts from a fresh
 * install with no such record and orders them by size: the reliability files, short but
 * starting real server processes (crash, shutdown, backup: about a minute each), then came
 * last, and one of them ran alone at the end while the other worker had nothing left.
 * Without a record, they now start first.
 */
export default class ReliabilityFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted;
    const slow = (file: TestSpecification) => file.moduleId.includes('/tests/reliability/');
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
