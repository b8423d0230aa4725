// English and Japanese for the words of the interface; the games' own terms come from
// each game's module. The player's choice is kept in localStorage.
const WORDS = {
  title: ["asobi", "asobi (遊び)"],
  lobby: ["Lobby", "ロビー"],
  newGame: ["New game", "新しいゲーム"],
  game: ["Game", "ゲーム"],
  players: ["Players", "人数"],
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
  noRooms: ["No games in play yet.", "対戦中のゲームはまだありません。"],
  invites: ["Invite links (send each to its player)", "招待リンク(それぞれの相手に送ってください)"],
  turnTimer: ["Turn timer (seconds, empty: none)", "持ち時間(秒・空欄でなし)"],
  yourTurn: ["Your turn", "あなたの番です"],
  waiting: ["Waiting for", "待っています:"],
  spectating: ["You are watching.", "観戦中です。"],
  moves: ["Your moves", "選べる手"],
  log: ["What happened", "できごと"],
  over: ["Game over", "ゲーム終了"],
  score: ["Score", "得点"],
  rank: ["Rank", "順位"],
  connected: ["connected", "接続中"],
  away: ["away", "離席"],
  playedBy: ["played by", "担当:"],
  leave: ["Leave (a bot plays on)", "退出(ボットが代わりに続けます)"],
  reconnecting: ["Connection lost: reconnecting…", "接続が切れました。再接続中…"],
  refused: ["Refused", "できません"],
  record: ["Download the record (for asobi replay)", "棋譜をダウンロード(asobi replay 用)"],
  table: ["Table", "テーブル"],
  language: ["日本語", "English"],
  took: ["took over", "交代"],
  undo: ["Take back my last move", "最後の手を取り消す"],
  tookBack: ["took back a move", "手を取り消しました"],
  rematch: ["Rematch", "再戦"],
  playAgain: ["Play again →", "もう一度遊ぶ →"],
};

export function lang() {
  return localStorage.getItem("asobi-lang") === "ja" ? "ja" : "en";
}

export function setLang(value) {
  localStorage.setItem("asobi-lang", value);
}

export function t(key) {
  const pair = WORDS[key];
  if (!pair) return key;
  return lang() === "ja" ? pair[1] : pair[0];
}

// Both names of a thing, the chosen language first: "Starmine (スターマイン)".
export function both(en, ja) {
  return lang() === "ja" ? `${ja} (${en})` : `${en} (${ja})`;
}

export function languageButton(onChange) {
  const button = document.createElement("button");
  button.id = "language";
  button.textContent = t("language");
  button.addEventListener("click", () => {
    setLang(lang() === "ja" ? "en" : "ja");
    onChange();
  });
  return button;
}
