/** Scenario checks that need the rules data: [path inside the file, message] (spec §7.1). */
import { suggest } from '../../core/options.ts';
import { HexGrid, parseHexId } from '../../core/geometry/hex/index.ts';
import type { PvOptions } from './options.ts';
import type { RulesData, ScenarioBody } from './schema.ts';
import { expandUnits, zoneHexes } from './model.ts';
import { MAX_CARD_TYPES, MAX_CHARACTERS, MAX_SCENARIO_CARDS, MAX_TANKS } from './actions.ts';

export function checkScenario(body: ScenarioBody, data: RulesData, opt: PvOptions): Array<[string, string]> {
  const errs: Array<[string, string]> = [];
  const m = body.map;
  const grid = new HexGrid(m.cols, m.rows, m.parity);
  const terrainIds = Object.keys(data.terrain);
  const hexIndex = (id: string, path: string): number => {
    try {
      parseHexId(id);
    } catch (e) {
      errs.push([path, e instanceof Error ? e.message : String(e)]);
      return -2;
    }
    const i = grid.indexOfId(id);
    if (i < 0) errs.push([path, `hex ${id} is off the ${m.cols} x ${m.rows} map (expected columns 01-${String(m.cols).padStart(2, '0')}, rows 01-${String(m.rows).padStart(2, '0')})`]);
    return i;
  };
  if (!data.terrain[m.defaultTerrain]) errs.push(['scenario.map.defaultTerrain', `unknown terrain '${m.defaultTerrain}'${suggest(m.defaultTerrain, terrainIds)}; known: ${terrainIds.join(', ')}`]);
  const enterable = (i: number): boolean => {
    const name = m.terrain[grid.id(i)] ?? m.terrain[String(Number(grid.id(i)))] ?? m.defaultTerrain;
    const t = data.terrain[name];
    return !t || t.enterCost !== null;
  };
  for (const [id, name] of Object.entries(m.terrain)) {
    hexIndex(id, `scenario.map.terrain.${id}`);
    if (!data.terrain[name]) errs.push([`scenario.map.terrain.${id}`, `unknown terrain '${name}'${suggest(name, terrainIds)}; known: ${terrainIds.join(', ')}`]);
  }
  const tankIds = Object.keys(data.tanks);
  const charIds = Object.keys(data.characters);
  const usedChars = new Map<string, string>();
  const fixedHexes = new Map<number, string>();
  const zonesBySide: Array<{ side: string; path: string; hexes: Set<number> }> = [];
  for (const key of ['A', 'B'] as const) {
    const side = body.sides[key];
    const base = `scenario.sides.${key}`;
    let flags = 0;
    const zoneUse = new Map<string, { hexes: number[]; need: number; path: string }>();
    side.units.forEach((u, i) => {
      const p = `${base}.units.${i}`;
      if (!data.tanks[u.tank]) errs.push([`${p}.tank`, `unknown tank '${u.tank}'${suggest(u.tank, tankIds)}; known tanks: ${tankIds.join(', ')}`]);
      if (u.character) {
        const c = u.character.id;
        if (!data.characters[c]) errs.push([`${p}.character.id`, `unknown character '${c}'${suggest(c, charIds)}; known characters: ${charIds.join(', ')} (add others with an override)`]);
        else if (u.character.face === 'back' && !data.characters[c].back) errs.push([`${p}.character.face`, `character '${c}' is one-sided: expected face 'front'`]);
        if (usedChars.has(c)) errs.push([`${p}.character.id`, `character '${c}' is already placed at ${usedChars.get(c)}`]);
        usedChars.set(c, p);
        if (u.count > 1) errs.push([`${p}.character`, `a character rides one tank: expected count 1 for a unit with a character (got ${u.count})`]);
      }
      if (u.flag) {
        flags += u.count;
        if (body.matchType !== 'flag') errs.push([`${p}.flag`, "a flag tank needs matchType 'flag'"]);
      }
      if (u.hex !== undefined) {
        const h = hexIndex(String(u.hex), `${p}.hex`);
        if (h >= 0) {
          if (!enterable(h)) errs.push([`${p}.hex`, `hex ${u.hex} is prohibited terrain (a tank cannot stand there)`]);
          if (fixedHexes.has(h)) errs.push([`${p}.hex`, `hex ${u.hex} already holds ${fixedHexes.get(h)}`]);
          fixedHexes.set(h, p);
        }
      }
      if (u.zone) {
        const z = u.zone;
        let hexes: number[] = [];
        if ('cols' in z) {
          if (z.cols[0] > z.cols[1] || z.rows[0] > z.rows[1] || z.cols[1] > m.cols || z.rows[1] > m.rows) errs.push([`${p}.zone`, `expected column and row ranges [from, to] inside the ${m.cols} x ${m.rows} map`]);
          hexes = zoneHexes(grid, z, opt.zoneIncludesCentre);
        } else if ('hexes' in z) {
          z.hexes.forEach((h, j) => hexIndex(String(h), `${p}.zone.hexes.${j}`));
          hexes = zoneHexes(grid, z, opt.zoneIncludesCentre);
        } else if (hexIndex(String(z.center), `${p}.zone.center`) >= 0) {
          hexes = zoneHexes(grid, z, opt.zoneIncludesCentre);
        }
        const key2 = JSON.stringify(z);
        const entry = zoneUse.get(key2) ?? { hexes: hexes.filter(enterable), need: 0, path: `${p}.zone` };
        entry.need += u.count;
        zoneUse.set(key2, entry);
        zonesBySide.push({ side: key, path: `${p}.zone`, hexes: new Set(hexes) });
      }
    });
    // Tanks of the side's other zones may be placed first on shared hexes: a zone must have room
    // for its own tanks and for every tank of an overlapping zone (issue 22: else the placement
    // of its last tank finds no free hex in the middle of a game).
    const zones = [...zoneUse.values()];
    for (const z of zones) {
      const free = z.hexes.filter((h) => !fixedHexes.has(h)).length;
      const own = new Set(z.hexes);
      const others = zones.filter((o) => o !== z && o.hexes.some((h) => own.has(h))).reduce((n, o) => n + o.need, 0);
      if (free < z.need + others) errs.push([z.path, others ? `the zone has ${free} free enterable hexes for its ${z.need} tanks and the ${others} of overlapping zones of the same side, which may be placed there first` : `the zone has ${free} free enterable hexes for ${z.need} tanks`]);
    }
    if (body.matchType === 'flag' && flags !== 1) errs.push([`${base}.units`, `a Flag Battle needs exactly one flag tank per side (side ${key} has ${flags})`]);
    side.characters.forEach((c, i) => {
      if (!data.characters[c.id]) errs.push([`${base}.characters.${i}.id`, `unknown character '${c.id}'${suggest(c.id, charIds)}; known characters: ${charIds.join(', ')}`]);
      if (usedChars.has(c.id)) errs.push([`${base}.characters.${i}.id`, `character '${c.id}' is already placed at ${usedChars.get(c.id)}`]);
      usedChars.set(c.id, `${base}.characters.${i}`);
    });
    if (side.characters.length > expandUnits(side.units).length) errs.push([`${base}.characters`, 'more free characters than tanks']);
  }
  // The two sides' placement zones may not share a hex (issue 12: overlapping zones are caught at load).
  const seenPairs = new Set<string>();
  for (const a of zonesBySide.filter((z) => z.side === 'A'))
    for (const b of zonesBySide.filter((z) => z.side === 'B')) {
      const shared = [...a.hexes].filter((h) => b.hexes.has(h));
      const pair = `${[...a.hexes].sort().join()}|${[...b.hexes].sort().join()}`;
      if (shared.length && !seenPairs.has(pair)) {
        seenPairs.add(pair);
        errs.push([b.path, `placement zones overlap: this zone of side B shares ${shared.length} hex${shared.length > 1 ? 'es' : ''} with ${a.path} (side A)`]);
      }
    }
  // The action codes name a tank, a character, a card type or a scenario card in a fixed field (actions.ts).
  const tanks = expandUnits(body.sides.A.units).length + expandUnits(body.sides.B.units).length;
  if (tanks > MAX_TANKS) errs.push(['scenario.sides', `expected at most ${MAX_TANKS} tanks in a match, counting every unit's count (got ${tanks})`]);
  let characters = 0;
  for (const key of ['A', 'B'] as const) {
    const side = body.sides[key];
    characters += side.units.filter((u) => u.character).length + side.characters.length;
    if (side.scenarioCards.length > MAX_SCENARIO_CARDS) errs.push([`scenario.sides.${key}.scenarioCards`, `expected at most ${MAX_SCENARIO_CARDS} scenario cards per side (got ${side.scenarioCards.length})`]);
  }
  if (characters > MAX_CHARACTERS) errs.push(['scenario.sides', `expected at most ${MAX_CHARACTERS} characters in a match (got ${characters})`]);
  const cardIds = Object.keys(data.cards);
  if (cardIds.length > MAX_CARD_TYPES) errs.push(['overrides.cards', `expected at most ${MAX_CARD_TYPES} card types (got ${cardIds.length})`]);
  for (const [list, name] of [[body.deck.remove, 'remove'], [body.deck.keep, 'keep']] as const) {
    list.forEach((id, i) => {
      if (!data.cards[id]) errs.push([`scenario.deck.${name}.${i}`, `unknown card '${id}'${suggest(id, cardIds)}; known cards: ${cardIds.join(', ')}`]);
    });
  }
  return errs;
}
