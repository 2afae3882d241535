// Board numbers as runs of consecutive boards: [1, 2, 3, 4] as "1-4", [1, 2, 7, 8] as
// "1-2, 7-8"; `joint` goes between the runs.
export function boardRange(boards, joint = ", ") {
  const runs = [];
  for (const b of boards || []) {
    const last = runs[runs.length - 1];
    if (last && b === last[1] + 1) last[1] = b;
    else runs.push([b, b]);
  }
  return runs.map(([a, z]) => (a === z ? `${a}` : `${a}-${z}`)).join(joint);
}
