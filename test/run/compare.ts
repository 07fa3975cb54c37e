/** summary.json without the fields that describe the execution rather than the result (elapsed time, workers). */
export function comparable(summaryJson: string): string {
  return summaryJson
    .split('\n')
    .filter((l) => !/^\s*"(elapsedSeconds|workers)":/.test(l))
    .join('\n');
}
