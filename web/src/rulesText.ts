import { FOULS, type FoulCode } from '../../engine/foul.js';
import type { DecisionOption, FrameResult } from '../../engine/state.js';
import type { Verdict } from '../../engine/verdict.js';

/**
 * The rules in a line each, for the page's explanations (the rule texts
 * are docs/rules.md, R1–R21; these are short readings of them). Every foul,
 * decision and loss the page reports names its rule, as the verdict does.
 */
export const RULES: Readonly<Record<string, string>> = {
  R1: 'pocket your group, then the 8 in a called pocket, to win',
  R2: 'call ball and pocket; the break is not called',
  R3: 'the rack: 8 in the centre, a solid and a stripe in the back corners',
  R4: 'the lag winner chooses who breaks; breaks alternate in a match',
  R5: 'moving an object ball on a jump or massé stroke is a foul',
  R6: 'a legal break pockets a ball or drives four to cushions',
  R7: 'a scratch on the break: ball in hand behind the head string',
  R8: 'an object ball off the table on the break is a foul',
  R9: 'the 8 on the break: re-rack, or spot it and play on',
  R10: 'the table is open until groups are decided',
  R11: 'groups are decided by a called pot after the break',
  R12: 'hit your own group first, then pot a ball or reach a cushion',
  R13: 'a declared safety ends the inning',
  R14: 'you keep shooting while you legally pot called balls',
  R15: 'after a foul the opponent has ball in hand anywhere',
  R16: 'combinations are allowed; the 8 first only on an open table',
  R17: 'balls pocketed illegally stay down',
  R18: 'an object ball off the table is a foul and is spotted',
  R19: 'a foul on the 8 does not lose unless the 8 drops',
  R20: 'the frame is lost by a foul on the 8, the 8 early, off the table or in the wrong pocket',
  R21: 'three turns each with no attempt to win: re-rack (stalemate)',
};

const FOUL_WORDS: Readonly<Record<FoulCode, string>> = {
  ILLEGAL_BREAK: 'illegal break: nothing pocketed and fewer than four balls to a cushion',
  SCRATCH: 'scratch: the cue ball was pocketed',
  CUE_BALL_OFF_TABLE: 'the cue ball left the table',
  OBJECT_BALL_OFF_TABLE: 'an object ball left the table',
  NO_CONTACT: 'the cue ball hit no ball',
  WRONG_BALL_FIRST: 'the first ball hit was not a legal one',
  NO_CUSHION: 'after the contact nothing was pocketed and no ball reached a cushion',
  EIGHT_FIRST_OPEN_TABLE: 'the 8 was hit first on an open table',
  BEHIND_HEAD_STRING: 'from the kitchen, a direct shot at a ball behind the head string',
  CUE_BALL_TOUCHED: 'the cue ball was touched',
  OBJECT_BALL_TOUCHED: 'an object ball was touched',
};

export const OPTION_WORDS: Readonly<Record<DecisionOption, string>> = {
  acceptTable: 'accept the table and shoot',
  cueInKitchen: 'take the cue ball in hand behind the head string',
  rerackAndBreak: 're-rack and break',
  rerackOpponentBreaks: 're-rack, the other player breaks',
  spotEightAcceptTable: 'spot the 8 and shoot',
  spotEightCueInKitchen: 'spot the 8, cue ball in the kitchen',
};

const END_WORDS: Readonly<Record<FrameResult['reason'], string>> = {
  R1: 'the 8 legally pocketed',
  R20A: 'a foul on the stroke that pocketed the 8',
  R20B: 'the 8 pocketed with the last ball of the group',
  R20C: 'the 8 off the table',
  R20D: 'the 8 in a pocket not called',
  R20E: 'the 8 pocketed before it was the legal ball',
};

export const ruleLine = (r: string): string => {
  const base = r.replace(/[A-E]$/, '');
  return RULES[base] ? `${r}: ${RULES[base]}` : r;
};

export function foulText(f: FoulCode): string {
  return `${FOUL_WORDS[f]} (${FOULS[f]})`;
}

const who = (p: number) => `Player ${p}`;

/** A verdict in sentences, each naming its rule. */
export function verdictText(v: Verdict): string[] {
  const out: string[] = [];
  const pots = v.credited.length ? `credited ${v.credited.join(', ')}` : '';
  switch (v.kind) {
    case 'continue':
      out.push(
        `${who(v.player)} pocketed legally${pots ? ` (${pots})` : ''} and shoots again (R14).`,
      );
      break;
    case 'turnOver':
      out.push(`No legal pot: ${who(v.nextPlayer ?? 1 - v.player)} to shoot.`);
      break;
    case 'foul':
      out.push(`Foul by ${who(v.player)}: ${v.fouls.map(foulText).join('; ')}.`);
      break;
    case 'decision':
      out.push(
        `${v.fouls.length ? `Foul: ${v.fouls.map(foulText).join('; ')}. ` : ''}${who(v.pending?.player ?? 1 - v.player)} chooses (${(v.pending?.rules ?? []).join(', ')}).`,
      );
      break;
    case 'frameOver':
      if (v.frame)
        out.push(
          `${who(v.frame.winner)} wins the frame: ${END_WORDS[v.frame.reason]} (${v.frame.reason}).`,
        );
      break;
    case 'rerack':
      out.push('The balls are re-racked.');
      break;
    case 'stalemate':
      out.push('Stalemate: the frame is replayed (R21).');
      break;
    default:
      out.push(`${v.kind}.`);
  }
  if (v.stayDown.length) out.push(`Stay down: ${v.stayDown.join(', ')} (R17).`);
  if (v.respotted.length)
    out.push(`Spotted on the foot string: ${v.respotted.map((b) => b.id).join(', ')} (R18).`);
  if (v.groupsDecided && v.groups)
    out.push(`Groups decided: player 0 ${v.groups[0]}, player 1 ${v.groups[1]} (R11).`);
  if (v.ballInHand && v.kind !== 'frameOver')
    out.push(
      v.ballInHand.region === 'kitchen'
        ? 'Cue ball in hand behind the head string (R7).'
        : 'Cue ball in hand anywhere (R15).',
    );
  const rules = v.rules.filter((r) => !out.some((s) => s.includes(`${r})`)));
  if (rules.length) out.push(`Rules applied: ${rules.map(ruleLine).join('; ')}.`);
  return out;
}
