/** The lab page: tabs, the catalogue, and the four panels. */
import { byId } from './dom.ts';
import { errorBox } from './http.ts';
import { initOdds } from './odds.ts';
import { initPlay } from './play.ts';
import { renderScenarios } from './scenarios.ts';
import { loadCatalogue, showTab } from './store.ts';
import { initWhatIf } from './whatif.ts';

window.salvoLab = { play: [], whatif: [], odds: [] };
initPlay();
initWhatIf();
initOdds();
for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('nav.tabs button'))) b.addEventListener('click', () => showTab(b.dataset.tab ?? 'scenarios'));
loadCatalogue().then(
  () => {
    renderScenarios();
    document.body.dataset.ready = 'true';
  },
  (e) => byId('scenarios').replaceChildren(errorBox(e)),
);
