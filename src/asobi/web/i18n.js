// English and Japanese for the words of the interface; the games' own terms come from
// each game's module. The player's choice is kept in localStorage.
const WORDS = {
  title: ["asobi", "asobi (遊び)"],
  lobby: ["Lobby", "ロビー"],
  newGame: ["New game", "新しいゲーム"],
  game: ["Game", "ゲーム"],
  players: ["Players", "人数"],
  solo: ["solo", "ソロ"],
  seat: ["Seat", "席"],
  you: ["you", "あなた"],
  friend: ["a friend (invite link)", "友だち(招待リンク)"],
  bot: ["bot", "ボット"],
  level: ["level", "強さ"],
  random: ["random", "ランダム"], easy: ["easy", "やさしい"], normal: ["normal", "ふつう"],
  hard: ["hard", "つよい"],
  create: ["Create and play", "作って遊ぶ"],
  rooms: ["Games in play", "対戦中のゲーム"],
  watch: ["Watch", "観戦"],
  yourSeat: ["Your seat", "自分の席"],
  timeLeft: ["left", "残り"],
  backToSeat: ["Back to your seat", "自分の席に戻る"],
  noRooms: ["No games in play yet.", "対戦中のゲームはまだありません。"],
  invites: ["Invite links (send each to its player)", "招待リンク(それぞれの相手に送ってください)"],
  turnTimer: ["Turn timer (seconds, empty: none; out of time, a bot plays on for you)",
    "持ち時間(秒・空欄でなし。切れるとボットが代わりにプレイします)"],
  hintsAmong: ["Hints: the game suggests a move to any player who asks",
    "ヒントあり:求めたプレイヤーに、ゲームが手を提案します"],
  timerRange: ["The turn timer is a whole number of seconds from 10 to 3600, or empty for none.",
    "持ち時間は10〜3600秒の整数で入力してください(空欄なら持ち時間なし)。"],
  yourTurn: ["Your turn", "あなたの番です"],
  waiting: ["Waiting for", "待っています:"],
  spectating: ["You are watching.", "観戦中です。"],
  moves: ["Your moves", "選べる手"],
  log: ["What happened", "できごと"],
  over: ["Game over", "ゲーム終了"],
  toScores: ["the scores", "得点を見る"],
  score: ["Score", "得点"],
  rank: ["Rank", "順位"],
  connected: ["connected", "接続中"],
  away: ["away", "離席"],
  playedBy: ["played by", "担当:"],
  leave: ["Leave (a bot plays on)", "退出(ボットが代わりに続けます)"],
  leaveSure: ["Click again to leave: a bot plays your seat from now on", "もう一度押すと退出:ここからボットがあなたの席でプレイします"],
  reconnecting: ["Connection lost: reconnecting…", "接続が切れました。再接続中…"],
  noRoom: ["There is no such game here (mistyped, or from another server?).", "このゲームは見つかりません(リンクの打ち間違いか、別のサーバーのゲームです)。"],
  badLink: ["This link opens no seat at this table (mistyped, or from another game?).", "このリンクではこのテーブルの席に着けません(打ち間違いか、別のゲームのリンクです)。"],
  toLobby: ["Back to the lobby", "ロビーに戻る"],
  refused: ["Refused", "できません"],
  record: ["Download the record (for asobi replay)", "棋譜をダウンロード(asobi replay 用)"],
  table: ["Table", "テーブル"],
  language: ["日本語", "English"],
  tookOver: ["A bot plays for {s} from now on", "{s}の代わりに、ここからボットがプレイします"],
  tookOverTime: ["Time ran out: a bot plays this turn for {s}",
    "時間切れ:この手番は{s}の代わりにボットがプレイします"],
  cameBack: ["took the seat back from the bot", "がボットから席を取り戻した"],
  share: ["Link for others to watch", "観戦用のリンク"],
  sharedNote: ["For anyone to watch (your own page's address is your seat: keep it to yourself):",
    "観戦してもらうためのリンクです(このページのアドレスはあなたの席なので、人に教えないでください):"],
  copied: ["copied", "コピーしました"],
  rule: ["rule", "ルール"],
  comeBack: ["Play my seat again (the bot stops)", "自分の席に戻る(ボットは交代)"],
  undo: ["Take back my last move", "最後の手を取り消す"],
  tookBack: ["took back a move", "が手を取り消した"],
  rematch: ["Rematch", "再戦"],
  playAgain: ["Play again →", "もう一度遊ぶ →"],
  player: ["Player", "プレイヤー"],
  botName: ["Bot", "ボット"],
  yourName: ["Your name", "あなたの名前"],
  namePlaceholder: ["how the table calls you", "テーブルでの呼び名"],
  rename: ["Change your name", "名前を変える"],
  save: ["Save", "保存"],
  cancel: ["Cancel", "やめる"],
  joinAs: ["Join the table as", "この名前で参加:"],
  join: ["Join", "参加する"],
  skip: ["Skip", "あとで"],
  clockWaits: ["Your turn timer starts afresh once you join.", "参加すると持ち時間は最初から数え直されます。"],
  copy: ["Copy", "コピー"],
  copied: ["Copied", "コピーしました"],
  moved: ["played a move", "がプレイした"],
  lastMove: ["Last move", "直前の手"],
  caution: ["Note", "注意"],
  table2: ["The table", "テーブル"],
  opponents: ["Other players", "ほかのプレイヤー"],
  middle: ["The middle of the table", "場"],
  yourPlace: ["Your place", "あなたの席"],
  seatPlace: ["Seat", "席"],
  inPlay: ["in play", "対戦中"],
  movesSoFar: ["moves", "手"],
  moveSoFar: ["move", "手"],
  byBot: ["(played by the bot)", "(ボットが代わりに)"],
  step: ["In progress", "進行中"],
  noMoves: ["Nothing to do now.", "いまできることはありません。"],
  keysHelp: ["Keys", "キー操作"],
  whoSits: ["Who sits where", "席と相手"],
};

export function lang() {
  return localStorage.getItem("asobi-lang") === "ja" ? "ja" : "en";
}

export function setLang(value) {
  localStorage.setItem("asobi-lang", value);
  document.documentElement.lang = value === "ja" ? "ja" : "en";
}

// The page's language on the <html> element too (screen readers, fonts, hyphenation).
export function markLang() {
  document.documentElement.lang = lang();
}

export function t(key) {
  const pair = WORDS[key];
  if (!pair) return key;
  return lang() === "ja" ? pair[1] : pair[0];
}

// A word in both languages, as the server's words come: {en, ja}.
export function pair(key) {
  const words = WORDS[key] || [key, key];
  return { en: words[0], ja: words[1] };
}

// Both names of a thing, the chosen language first: "Starmine (スターマイン)".
export function both(en, ja) {
  return lang() === "ja" ? `${ja} (${en})` : `${en} (${ja})`;
}

export function languageButton(onChange) {
  const button = document.createElement("button");
  button.id = "language";
  button.type = "button";
  button.textContent = t("language");
  button.lang = lang() === "ja" ? "en" : "ja";
  button.addEventListener("click", () => {
    setLang(lang() === "ja" ? "en" : "ja");
    onChange();
  });
  return button;
}

// A word and a number, as each language writes them: "Bot 2", 「ボット2」.
export function numbered(key, n) {
  return lang() === "ja" ? `${t(key)}${n}` : `${t(key)} ${n}`;
}
