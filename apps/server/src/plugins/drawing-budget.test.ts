import { describe, expect, it } from 'vitest';
import { createDrawingBudget } from './drawing-budget.ts';

/** Draws while the budget allows, each drawing taking `ms`: how many were drawn. */
function drawWhileAllowed(budget: ReturnType<typeof createDrawingBudget>, ms: number): number {
  let drawn = 0;
  while (budget.reserve()) {
    drawn += 1;
    budget.settle(ms);
  }
  return drawn;
}

describe('the time the server may spend drawing pages', () => {
  it('allows a second’s share at once, then only as time passes', () => {
    let time = 0;
    const budget = createDrawingBudget(0.25, () => time);
    // 250 ms at first: drawings of 10 ms each (the first guess), 25 of them.
    expect(drawWhileAllowed(budget, 10)).toBe(25);
    // A quarter of each second comes back: after 400 ms, 100 ms, ten drawings.
    time += 400;
    expect(drawWhileAllowed(budget, 10)).toBe(10);
    // Never more than a second's share saved up.
    time += 60_000;
    expect(drawWhileAllowed(budget, 10)).toBe(25);
  });

  it('learns what drawings take: slower ones leave room for fewer', () => {
    let time = 0;
    const budget = createDrawingBudget(0.5, () => time);
    for (let i = 0; i < 20; i++) {
      time += 1000;
      expect(budget.reserve()).toBe(true);
      budget.settle(50);
    }
    time += 1000;
    expect(drawWhileAllowed(budget, 50)).toBe(10);
  });

  it('reserves ahead: drawings under way count before they end', () => {
    const budget = createDrawingBudget(0.1, () => 0);
    // 100 ms and 10 ms expected per drawing: ten at once, then none until some are settled.
    const reserved = Array.from({ length: 12 }, () => budget.reserve());
    expect(reserved.filter(Boolean)).toHaveLength(10);
    expect(budget.reserve()).toBe(false);
  });

  it('gives back a reservation with nothing drawn, and learns nothing from it', () => {
    const budget = createDrawingBudget(0.05, () => 0);
    for (let i = 0; i < 100; i++) {
      expect(budget.reserve()).toBe(true);
      budget.settle(null);
    }
    // Still 50 ms, still 10 ms expected: five drawings.
    expect(Array.from({ length: 6 }, () => budget.reserve()).filter(Boolean)).toHaveLength(5);
  });

  it('draws nothing with a share of 0', () => {
    expect(createDrawingBudget(0, () => 0).reserve()).toBe(false);
  });
});
