// The pages' two languages, English and 中文: a switch in the header, remembered by the browser
// (localStorage "ddz-lang"). The pages are written in English; in Chinese this module translates
// every text node and label attribute as it appears (the static page, what the scripts write, the
// match report the server draws), from the table below: whole strings by exact match, strings with
// values by the templates the scripts pass to t(), the server's figures and errors by patterns.

const KEY = 'ddz-lang';

function stored() {
  try { return localStorage.getItem(KEY); } catch (e) { return null; }
}

/** The page's language: 'en' or 'zh'. */
export const lang = stored() === 'zh' ? 'zh' : 'en';

/** Seat and side names (the scripts' English words) in Chinese. */
const WORDS = {
  Landlord: '地主', Farmer: '农民', Farmers: '农民', Down: '下家', Up: '上家',
  landlord: '地主', farmer: '农民', farmers: '农民', down: '下家', up: '上家',
  you: '你', next: '下家', 'before you': '上家', engine: '引擎', pass: '不要',
};

/** Move types as the engine names them. */
const TYPES = {
  solo: '单张', pair: '对子', trio: '三张', trio_solo: '三带一', trio_pair: '三带二', solo_chain: '顺子',
  pair_chain: '连对', trio_chain: '飞机', trio_solo_chain: '飞机带单', trio_pair_chain: '飞机带对',
  four_two_solo: '四带二', four_two_pair: '四带两对', bomb: '炸弹', rocket: '王炸', shuttle: '航天飞机',
  shuttle_solo: '航天飞机带单', shuttle_pair: '航天飞机带对', pass: '不要',
};

/** Whole strings: what the pages and scripts write, English -> 中文. */
const ZH = {
  // header and shared
  'ddz-engine · ddz-engine': 'ddz 斗地主引擎', 'Dou Dizhu': '斗地主', Puzzle: '残局', Play: '对局', Replay: '复盘',
  'Match report': '比赛报告', Ladder: '排行', 'or drop a file here': '或把文件拖到这里', start: '开头', end: '结尾',
  'reading…': '读取中…', 'playing…': '对局中…', 'thinking…': '思考中…',
  // home
  'Dou Dizhu, solved and played': '斗地主：解题与对局',
  'The ddz engine on this machine: an exact solver for endgames, a Monte Carlo player, and the tools to measure both. Nothing leaves your computer.':
    '运行在本机的 ddz 引擎：残局精确求解器、蒙特卡洛牌手，以及衡量二者的工具。数据不会离开你的电脑。',
  'Deal an endgame by clicking cards, solve it, step through the winning line, and play it out against the engine.':
    '点选扑克摆出残局，求解，逐步查看必胜线路，并与引擎对打。',
  'A whole game with bidding against the Monte Carlo engine, with a hint button that shows its win rates.':
    '与蒙特卡洛引擎打一整局（含叫分），提示按钮会显示各种出法的胜率。',
  'Open a': '打开', "record, step through it, and see the engine's verdict on every play.": '对局记录，逐手查看，并看引擎对每一手的评价。',
  'Run a duplicate match and plot WP with its confidence band, the role split and decision latency.':
    '进行一场复式比赛，画出胜率及其置信区间、按角色的胜率和每手思考时间。',
  'The HTTP API behind these pages is documented in': '这些页面背后的 HTTP 接口见',
  // ladder
  'Ladder · ddz-engine': '排行 · ddz 斗地主引擎', 'Open the output of': '打开',
  "(one candidate against several baselines on the same deals) and see each match's win percentage and average difference in points with their 95% intervals.":
    '的输出（一个候选牌手在同一批牌上对阵多个基准牌手），查看每场比赛的胜率和平均分差及其 95% 置信区间。',
  baseline: '基准', '95% CI': '95% 区间', ADP: '平均分差', 'as landlord': '当地主', 'as farmers': '当农民', games: '局数',
  'no ladder in the file': '文件里没有排行结果',
  // play
  'Play · ddz-engine': '对局 · ddz 斗地主引擎', 'Play against the engine': '与引擎对局', 'Engine thinks': '引擎思考',
  '50 ms': '50 毫秒', '100 ms': '100 毫秒', '300 ms': '300 毫秒', '1 s': '1 秒', 'You bid': '你叫分', 'at random': '随机',
  first: '第一个', second: '第二个', third: '第三个', 'New game': '新的一局', 'Deal a game with “New game”.': '点“新的一局”发牌。',
  Pass: '不要', Hint: '提示', Clear: '清除', 'Open in replay': '在复盘中打开', 'Download record': '下载对局记录',
  "Engine's view": '引擎的看法', 'press Hint on your turn': '轮到你时按“提示”', 'Your record': '你的战绩',
  'in this browser': '本浏览器中', 'forget the games counted so far': '清除已记录的对局', Reset: '清零', Game: '对局',
  'no game yet': '还没有对局', 'no finished game yet': '还没有打完的对局', 'none yet': '暂无', You: '你',
  'The engine is thinking…': '引擎思考中…', 'Your bid': '轮到你叫分', 'Your lead: play any combination': '你先出：任意牌型',
  'select cards to play (click them), or pass': '先点选要出的牌，或者选择不要', 'play it as:': '按此牌型出：',
  'the engine would pass here': '引擎在这里会选择不要', 'Bidding: you may bid 1, 2 or 3, or pass': '叫分：可叫 1、2、3 分或不叫',
  'No bid': '不叫', 'You win!': '你赢了！', 'The engine wins': '引擎赢了', Kitty: '底牌', 'Play cards': '出牌',
  'Engine · your partner': '引擎 · 你的队友', Engine: '引擎', 'Engine (next)': '引擎（下家）', 'Engine (before you)': '引擎（上家）',
  // puzzle
  'Puzzle · ddz-engine': '残局 · ddz 斗地主引擎', 'Puzzle: solve an endgame': '残局：求解一个残局',
  'Deal the cards by clicking the deck (or type each hand:': '点选牌堆发牌（或直接输入每家的牌：',
  'work), choose who moves, and solve with every hand visible. Then step through the winning line card by card, or play it out against the engine.':
    '都可以），选择谁先出，然后明牌求解。之后可以一手一手查看必胜线路，或与引擎对打。',
  Deck: '牌堆', 'click a card to give it to the chosen hand; click again to take it back': '点一张牌发给选中的一家；再点一次收回',
  Position: '局面', Load: '载入', 'Example: WeChat level 50': '示例：微信残局第 50 关', '2 seats': '两家', '3 seats': '三家',
  Hands: '手牌', 'click a hand to deal into it': '点一家的手牌区把牌发给他', 'To move': '先出', 'Must beat': '要压的牌',
  'nothing: a lead': '无：自由出牌', 'played by': '出牌者', Rules: '规则', standard: '标准', 'Bans:': '禁用：', Solve: '求解',
  position: '局面', 'Winning first moves:': '必胜的第一手：', 'The winning line': '必胜线路', 'Play it out yourself as': '亲自来打，身份',
  'Play it out': '开始对打', 'Back to the line': '回到线路', 'one move back': '后退一手', 'one move on': '前进一手',
  'Play selected': '出选中的牌', Undo: '悔牌', 'click cards or type, e.g. 3 4 10 J 小王': '点选或输入，例如 3 4 10 J 小王',
  'none: every move loses': '没有：每一手都输', 'which reading?': '按哪种牌型？', 'Your move.': '轮到你。',
  'Your move: you can still force a win.': '轮到你：你仍然可以必胜。',
  'Your move: against best play every move loses now.': '轮到你：对方应对正确的话，现在每一手都输。',
  'no move wins against best play here': '这里没有必胜的出法', 'you win!': '你赢了！', 'the engine wins.': '引擎赢了。',
  trio: '三张', 'planes with wings': '飞机带翅膀',
  // replay
  'Replay · ddz-engine': '复盘 · ddz 斗地主引擎', 'Replay a game': '复盘一局',
  'Open a game-record file written by': '打开由',
  "(or a game from the Play page), step through it, and see at each decision the engine's win rate for the move played against its best.":
    '写出的对局记录文件（或对局页面的一局），逐手查看，并看每一手引擎估计的胜率与最佳出法的对比。',
  'one play back': '后退一手', 'one play on': '前进一手', 'play the game by itself (space)': '自动播放（空格）', 'pause (space)': '暂停（空格）',
  autoplay: '自动播放', 'autoplay speed': '播放速度', slow: '慢', '1 play/s': '每秒一手', fast: '快', 'jump to a play': '跳到某一手',
  'all open': '全部明牌', 'as the landlord sees them': '地主视角', 'as down sees them': '下家视角', 'as up sees them': '上家视角',
  "Engine's view of this decision": '引擎对这一手的看法', think: '思考', 'Analyse every play': '分析每一手',
  'step to a play to see it analysed': '走到某一手即可看到分析', 'Win rate': '胜率',
  ": the engine's estimate from what the mover could know (its hand, the kitty, the plays so far), over sampled deals of the hidden cards.":
    '：引擎根据出牌者当时能知道的信息（自己的手牌、底牌、之前的出牌），对未知牌抽样估计出的胜率。',
  'Open-hand verdict': '明牌结论', 'Open-hand verdict:': '明牌结论：', ': the exact solver with every hand face up, as': '：所有手牌翻开后精确求解的结果，与',
  'judges. A move can be the best guess from what the mover saw and still lose with the cards face up, so the two can disagree.':
    '的判断相同。一手牌可能是出牌者按所见信息的最佳选择，明牌时却会输，所以两者可能不一致。',
  'Win rate through the game': '整局的胜率走势',
  "(the mover's side; dot: the play, bar: the engine's best, red triangle: an open-hand blunder)": '（出牌方；圆点：实际出法，柱：引擎的最佳，红三角：明牌失误）',
  'the only sensible move: nothing to choose': '唯一合理的出法：没有选择', 'engine win rate: played': '引擎估计的胜率：实际',
  '· best': '· 最佳', "(the play was not among the engine's candidates)": '（这手牌不在引擎的候选中）', '✓ as good as the best': '✓ 与最佳一样好',
  'solving with every hand open…': '明牌求解中…', 'unknown (the solver ran out of its node budget)': '未知（求解器用完了节点预算）',
  "the mover's side had already lost against best play": '出牌方在对方最佳应对下已经必输',
  '✓ won before the play and still won after it': '✓ 出牌前必胜，出牌后仍然必胜',
  'won before the play; after it unknown (node budget)': '出牌前必胜；出牌后未知（节点预算）', 'no bidding · base 1': '无叫分 · 底分 1',
  // report
  'Match report · ddz-engine': '比赛报告 · ddz 斗地主引擎',
  "Play a duplicate match between two agents (every deal twice, each agent once as the landlord) and plot agent A's WP as deals accumulate, the split by role and each agent's decision latency. The same report for any match as one self-contained file:":
    '让两个牌手进行复式比赛（每副牌打两次，双方各当一次地主），画出牌手 A 的胜率随局数的变化、按角色的胜率和各自的思考时间。任何比赛都可以用命令行生成同样的独立报告文件：',
  'Agent A': '牌手 A', 'Agent B': '牌手 B', deals: '副数', seed: '种子', bidding: '叫分', 'Run match': '开始比赛', 'Agents:': '牌手：',
  '. The server stops a match after 30 s at the last complete deal; the command line has no limit.': '。服务器在 30 秒后于最后一副完整的牌处停止比赛；命令行没有这个限制。',
  'deals (games)': '副数（局数）', 'landlord seat won': '地主方胜', 'bombs and rockets per game': '每局炸弹和王炸数', overall: '总计',
  'landlord seat': '地主方', 'Play decision latency': '出牌思考时间', 'time per play decision (log scale)': '每手出牌的思考时间（对数刻度）',
  agent: '牌手', decisions: '决策数', p50: '中位数', p90: '90 分位', p99: '99 分位', max: '最大', 'as landlord / as farmers (WP)': '当地主 / 当农民（胜率）',
  WP: '胜率', PASS: '不要', 'n/a': '无', play: '手', 'your game': '你的对局',
};

/** Templates the scripts pass to t() with {values}, English -> 中文. */
const TEMPLATES = {
  '{name} holds {max} cards at most': '{name}最多 {max} 张牌', '{n} card': '{n} 张', '{n} cards': '{n} 张',
  '{seat}: {error}': '{seat}：{error}',
  'not enough {rank}s left for {name}: another hand holds them': '给{name}的 {rank} 不够了：别家拿着',
  'a position is HAND0/HAND1[/HAND2] MOVER [LAST@SEAT], for example 448999TJJQQAD/336688TAA22X 0':
    '局面格式为 HAND0/HAND1[/HAND2] MOVER [LAST@SEAT]，例如 448999TJJQQAD/336688TAA22X 0',
  'No verdict within the time budget ({ms} ms)': '在时间预算内没有结论（{ms} 毫秒）',
  '{winner}: the {mover}, to move, forces a win': '{winner}：先出的{mover}必胜',
  '{winner}: the {mover}, to move, loses whatever it plays': '{winner}：先出的{mover}怎么出都输',
  'Landlord wins': '地主胜', 'Farmers win': '农民胜', '{nodes} nodes · {ms} ms': '{nodes} 个节点 · {ms} 毫秒',
  ' · the losing side puts up its best resistance': ' · 输方尽力抵抗', ' · the losing side plays its first legal move': ' · 输方出第一手合法的牌',
  ' · the line was cut by the time budget': ' · 线路因时间预算被截断',
  '{who} to move. The landlord wins with best play.': '{who}先出。双方都走最佳时地主胜。',
  '{who} to move. The farmers win with best play.': '{who}先出。双方都走最佳时农民胜。',
  '{who} out — {result}': '{who}出完 — {result}', '{who} passes': '{who}不要', '{who} plays {move}': '{who}出 {move}',
  ' — its best resistance': ' — 它的最佳抵抗', ' (winning here: {moves})': '（这里必胜的出法：{moves}）',
  'Move {k} of {n}': '第 {k} 手，共 {n} 手', ' (line cut by the time budget)': '（线路因时间预算被截断）',
  '{who}: {move}': '{who}：{move}', '{who}: {move} (out)': '{who}：{move}（出完）', ' (you)': '（你）',
  '✓ {move} keeps the forced win': '✓ {move} 保住了必胜', '✗ {move} gives the win away (winning: {moves})': '✗ {move} 送掉了胜利（必胜的出法：{moves}）',
  '{move}: you were lost already, every move loses to best play': '{move}：你已经必输，对方应对正确时每一手都输',
  'the engine ({role}) passes': '引擎（{role}）不要', 'the engine ({role}) plays {move}': '引擎（{role}）出 {move}',
  'Playing it out as the landlord': '以地主身份对打', 'Playing it out as the farmer': '以农民身份对打', 'Playing it out as the farmers': '以农民身份对打',
  '{side} out — you win!': '{side}出完 — 你赢了！', '{side} out — the engine wins.': '{side}出完 — 引擎赢了。',
  '{move} is not a legal play here': '这里不能出 {move}', 'winning moves: {moves}': '必胜的出法：{moves}',
  // play
  '{worlds} worlds in {ms} ms': '{ms} 毫秒内模拟了 {worlds} 种牌局', 'mean score {score}': '平均得分 {score}',
  'selected {move} (win rate {pct}%)': '已选 {move}（胜率 {pct}%）', 'pos {p}': '位置 {p}', '{who} · bid {bid}': '{who} · 叫 {bid}',
  'Beat {move} — or pass': '压过 {move} — 或者不要', 'Bids: {bids}': '叫分：{bids}', '{who} {bid}': '{who} {bid}',
  'Bids: {bids} → landlord: {who} · base {base}': '叫分：{bids} → 地主：{who} · 底分 {base}', '{b} points': '{b} 分',
  '{side} went out first · multiplier {m}': '{side}先出完 · 倍数 {m}', ' (spring)': '（春天）', ' (anti-spring)': '（反春）',
  ' · your score {score}': ' · 你的得分 {score}', 'Bidding · seed {seed}': '叫分中 · 种子 {seed}',
  'You are the landlord · base {base} · seed {seed}': '你是地主 · 底分 {base} · 种子 {seed}',
  'You are the farmer ({seat}) · base {base} · seed {seed}': '你是农民（{seat}） · 底分 {base} · 种子 {seed}',
  '{w} of {n} ({pct}%)': '{n} 局胜 {w}（{pct}%）', 'Games {n} · won {won}': '对局 {n} · 胜 {won}', 'as landlord: won {won}': '当地主：胜 {won}',
  'as farmer: won {won}': '当农民：胜 {won}', 'points {p} ({avg} a game)': '得分 {p}（每局 {avg}）', '{ms} ms': '{ms} 毫秒',
  'The landlord': '地主', 'The farmers': '农民',
  // replay
  '{name}: {n} games, all valid': '{name}：共 {n} 局，全部有效', '{n} games, all valid': '共 {n} 局，全部有效',
  '{name}: 1 game, all valid': '{name}：共 1 局，有效', '1 game, all valid': '共 1 局，有效',
  'Game {game} (deal {deal}): {agent} as landlord, {winner}': '第 {game} 局（第 {deal} 副）：{agent} 当地主，{winner}',
  'Game {game} · {rules}': '第 {game} 局 · {rules}', 'bids {bids} · base {base}': '叫分 {bids} · 底分 {base}',
  'Kitty {kitty} went to the landlord. The landlord leads.': '底牌 {kitty} 归地主。地主先出。',
  '{who} out — {result} · multiplier {m} · scores {scores}': '{who}出完 — {result} · 倍数 {m} · 得分 {scores}',
  'Play {k}: {who} passes': '第 {k} 手：{who}不要', 'Play {k}: {who} plays {move}': '第 {k} 手：{who}出 {move}',
  'play {k} of {n}': '第 {k} 手，共 {n} 手', 'Play {k}: {who} {move} — analysing…': '第 {k} 手：{who} {move} — 分析中…',
  'Play {k}: {who} played {move}': '第 {k} 手：{who}出了 {move}', ' · {worlds} worlds, {ms} ms': ' · {worlds} 种牌局，{ms} 毫秒',
  ' (as {move}: the engine keeps one kicker choice)': '（按 {move} 计：引擎只保留一种带牌）', '−{n} points': '−{n} 个百分点',
  'not judged (more than {n} cards in play)': '未判断（场上超过 {n} 张牌）',
  'blunder: won before the play, lost after it': '失误：出牌前必胜，出牌后必输', ' · winning moves: {moves}': ' · 必胜的出法：{moves}',
  ' · the decisive play of the game': ' · 本局的决定性一手', 'play {n}: open-hand blunder': '第 {n} 手：明牌失误',
  // ladder
  'WP of {a}': '{a} 的胜率', '{a} against {n} baselines': '{a} 对阵 {n} 个基准', '{a} against 1 baseline': '{a} 对阵 1 个基准',
  '{deals} deals each, rules {rules}, seed {seed}': '每场 {deals} 副，规则 {rules}，种子 {seed}', ', bidding': '，叫分',
  '{name}: {n} ladders': '{name}：{n} 个排行', '{name}: 1 ladder': '{name}：1 个排行',
  'line {n}: not JSON ({error})': '第 {n} 行：不是 JSON（{error}）', 'line {n}: not the output of ddz ladder --json': '第 {n} 行：不是 ddz ladder --json 的输出',
  // report
  '{deals} deals in {s} s': '{s} 秒内打了 {deals} 副', ' (stopped by the clock: {asked} asked)': '（到时停止：要求 {asked} 副）',
};

/** The server's figures and errors: patterns, tried in order on whatever text is not in the tables. */
const PATTERNS = [
  [/^WP of (.+) as deals accumulate, with its 95% confidence band$/, (m) => `${m[1]} 的胜率随副数的变化及其 95% 置信带`],
  [/^WP of (.+) by role$/, (m) => `${m[1]} 按角色的胜率`],
  [/^(WP|ADP) of (.+)$/, (m) => `${m[2]} 的${m[1] === 'WP' ? '胜率' : '平均分差'}`],
  [/^WP ([\d.]+) \[([\d.]+), ([\d.]+)\]$/, (m) => `胜率 ${m[1]} [${m[2]}, ${m[3]}]`],
  [/^([\d.]+) of the games$/, (m) => `占全部对局的 ${m[1]}`],
  [/^A = (.+)$/, (m) => `A = ${m[1]}`],
  [/^([\d.]+) (ns|µs|ms)$/, (m) => `${m[1]} ${{ ns: '纳秒', µs: '微秒', ms: '毫秒' }[m[2]]}`],
  [/^(.+) \((A|B)\)$/, (m) => `${m[1]}（${m[2]}）`],
  // errors of the server, the most common first
  [/^"cards": (.*)$/, (m) => `牌有误：${zhError(m[1])}`],
  [/^line (\d+): (.*)$/, (m) => `第 ${m[1]} 行：${zhError(m[2])}`],
];

/** Error details: the words most errors are made of. */
function zhError(text) {
  const rules = [
    [/more than four (\w+)s \(at position (\d+)\) in "(.*)"/, (m) => `“${m[3]}”中 ${m[1]} 多于四张（第 ${m[2]} 个字符）`],
    [/unknown card '(.+)' \(at position (\d+)\)/, (m) => `不认识的牌“${m[1]}”（第 ${m[2]} 个字符）`],
    [/unknown seat '(.+)'.*/, (m) => `不认识的座位“${m[1]}”（0 = 地主，1 = 下家，2 = 上家）`],
    [/missing "(.+)"/, (m) => `缺少“${m[1]}”`],
    [/not a legal (move|play)/, () => '不是合法的出牌'],
  ];
  for (const [re, f] of rules) {
    const m = text.match(re);
    if (m) return f(m);
  }
  return `请求有误（${text}）`;
}

const norm = (s) => s.replace(/\s+/g, ' ').trim();

function fill(template, vars) {
  return template.replace(/\{(\w+)\}/g, (all, k) => (vars && k in vars ? String(vars[k]) : all));
}

/**
 * A message of the scripts: `en` is the English template, `{name}` marks a value from `vars`.
 * In Chinese, the template's translation (values as given: translate them first where they are words).
 */
export function t(en, vars) {
  if (lang === 'zh') {
    const zh = TEMPLATES[en] ?? ZH[en];
    if (zh !== undefined) return fill(zh, vars);
  }
  return fill(en, vars);
}

/** A seat, side or pass word in the page's language. */
export function word(en) {
  return lang === 'zh' ? (WORDS[en] ?? en) : en;
}

/** A move type (the engine's name, e.g. trio_solo) in the page's language. */
export function typeName(type) {
  return lang === 'zh' ? (TYPES[type] ?? type.replace(/_/g, ' ')) : type.replace(/_/g, ' ');
}

/** An error message of the server in the page's language. */
export function errorText(message) {
  if (lang !== 'zh' || !message || /[\u3400-\u9fff]/.test(message)) return message;
  return translateText(message) ?? zhError(message);
}

/** The Chinese of a whole text, or null where nothing matches. */
function translateText(text) {
  const key = norm(text);
  if (!key || !/[A-Za-z]/.test(key)) return null;
  const zh = ZH[key] ?? WORDS[key] ?? TEMPLATES[key];
  if (zh !== undefined) return zh;
  for (const [re, f] of PATTERNS) {
    const m = key.match(re);
    if (m && f) return f(m);
  }
  return null;
}

const SKIP = 'code, .card, .lang-switch, script, style';
const ATTRS = ['title', 'placeholder', 'aria-label'];

function translateNode(node) {
  if (node.nodeType === Node.TEXT_NODE) {
    const p = node.parentElement;
    if (!p || p.closest(SKIP)) return;
    const zh = translateText(node.data);
    if (zh !== null && zh !== norm(node.data)) {
      const lead = node.data.match(/^\s*/)[0];
      const trail = node.data.match(/\s*$/)[0];
      node.data = lead + zh + trail;
    }
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE || node.closest(SKIP)) return;
  for (const a of ATTRS) {
    const v = node.getAttribute(a);
    if (v) {
      const zh = translateText(v);
      if (zh !== null && zh !== v) node.setAttribute(a, zh);
    }
  }
  for (const c of node.childNodes) translateNode(c);
}

function switchButton() {
  const top = document.querySelector('.top .in');
  if (!top) return;
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'lang-switch';
  b.id = 'lang-switch';
  b.lang = lang === 'zh' ? 'en' : 'zh';
  b.textContent = lang === 'zh' ? 'English' : '中文';
  b.title = lang === 'zh' ? 'Show the pages in English' : '用中文显示';
  b.addEventListener('click', () => {
    try { localStorage.setItem(KEY, lang === 'zh' ? 'en' : 'zh'); } catch (e) { /* not kept: this page only */ }
    location.reload();
  });
  top.insertBefore(b, top.querySelector('.ver'));
}

switchButton();
if (lang === 'zh') {
  document.documentElement.lang = 'zh-CN';
  const title = translateText(document.title);
  if (title) document.title = title;
  translateNode(document.body);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') translateNode(r.target);
      else if (r.type === 'attributes') translateNode(r.target);
      else for (const n of r.addedNodes) translateNode(n);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRS });
}
