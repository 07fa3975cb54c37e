/** Agent pickers, one per side: the system's agents, random and mcts (with its budget) when offered. */
import type { ScenarioDetail } from '../api.ts';
import { h } from './dom.ts';

export interface AgentPicker {
  readonly el: HTMLElement;
  values(): string[];
}

export function agentPicker(d: ScenarioDetail, idPrefix: string): AgentPicker {
  const sides = d.entry.sides ?? [];
  const rows = sides.map((side, i) => {
    const given = d.defaultAgents[i] ?? d.agents[0]?.name ?? 'random';
    const name = given.split(':')[0];
    const select = h('select', { id: `${idPrefix}-agent-${i}`, 'aria-label': `agent of ${side}` }, ...d.agents.map((a) => h('option', { value: a.name, selected: a.name === name, title: a.description }, a.name)));
    const mctsDefault = d.agents.find((a) => a.name === 'mcts')?.params.iterations;
    const budget = h('input', { type: 'number', min: 1, max: 100000, value: String(mctsDefault ?? 200), id: `${idPrefix}-budget-${i}`, title: 'mcts budget: iterations per decision' });
    const budgetLabel = h('label', {}, 'mcts iterations', budget);
    const sync = () => (budgetLabel.style.display = select.value === 'mcts' ? '' : 'none');
    select.addEventListener('change', sync);
    sync();
    const extra = given.includes(':') ? given.slice(given.indexOf(':')) : '';
    return { el: h('span', { class: 'form' }, h('label', {}, side, select), budgetLabel), value: () => (select.value === 'mcts' ? `mcts:iterations=${budget.value}` : select.value === name ? name + extra : select.value) };
  });
  return { el: h('div', {}, ...rows.map((r) => r.el)), values: () => rows.map((r) => r.value()) };
}
