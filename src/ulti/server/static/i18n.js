// The table's words in English and Hungarian.
export const WORDS = {
  en: {
    lobby: "Ulti — a table for three", create: "Create the table", deals: "Deals",
    rules: "Rules", lang: "Language", seat: "Seat", person: "Person", bot: "Computer",
    name: "Name", player: "Player", invite: "Invite links (send each person their own link):",
    deal: "Deal", dealer: "dealer", contract: "Contract", trump: "trump", noTrump: "no trump",
    auction: "Auction", trick: "Trick", lastTrick: "Last trick", yourTurn: "Your turn",
    waiting: "Waiting for", pass: "Pass", pickup: "Pick up the talon", lay: "Lay these two",
    chooseTwo: "Choose two cards to lay as the talon.", bid: "Bid", chooseBid: "Choose your bid",
    claim: "Claim", declare: "Declare", soloist: "soloist", defender: "defender", cards: "cards",
    scores: "Scores", total: "Total", settlement: "Settlement of deal", close: "OK",
    open: "Open hands", talon: "Talon", records: "Finished deals", replay: "replay",
    download: "JSON", over: "The session is over.", winner: "Winner", points: "points",
    connecting: "Connecting…", reconnecting: "Reconnecting…", notNow: "Not now",
    prev: "Previous", next: "Next", start: "Start", end: "End", step: "Step",
    kontraAnswer: "Answer the kontras, or pass",
    options: "Rule options", strength: "Strength", fast: "fast", normal: "normal",
    strong: "strong", expert: "expert", simple: "simple", randomBot: "random",
    replaced: "This seat is now open in another tab or window.", playHere: "Play here",
    log: "Log", downloadFailed: "The download failed",
  },
  hu: {
    lobby: "Ulti — asztal hármasban", create: "Asztal létrehozása", deals: "Leosztások",
    rules: "Szabályok", lang: "Nyelv", seat: "Hely", person: "Ember", bot: "Gép",
    name: "Név", player: "Játékos", invite: "Meghívók (mindenki a sajátját kapja):",
    deal: "Leosztás", dealer: "osztó", contract: "Bemondás", trump: "adu", noTrump: "színtelen",
    auction: "Licit", trick: "Ütés", lastTrick: "Előző ütés", yourTurn: "Te jössz",
    waiting: "Várunk:", pass: "Passz", pickup: "Felveszem a talont", lay: "Ezt a kettőt lerakom",
    chooseTwo: "Válassz két lapot a talonba.", bid: "Licit", chooseBid: "Válassz licitet",
    claim: "Bemondom a végét", declare: "Bemondom", soloist: "felvevő",
    defender: "ellenjátékos", cards: "lap", scores: "Eredmény", total: "Összesen",
    settlement: "Elszámolás, leosztás", close: "Rendben", open: "Terített lapok",
    talon: "Talon", records: "Lejátszott leosztások", replay: "visszajátszás",
    download: "JSON", over: "A parti véget ért.", winner: "Győztes", points: "pont",
    connecting: "Kapcsolódás…", reconnecting: "Újrakapcsolódás…", notNow: "Most nem",
    prev: "Vissza", next: "Előre", start: "Eleje", end: "Vége", step: "Lépés",
    kontraAnswer: "Válaszolj a kontrákra, vagy passzolj",
    options: "Szabályváltozatok", strength: "Erősség", fast: "gyors", normal: "normál",
    strong: "erős", expert: "szakértő", simple: "egyszerű", randomBot: "véletlen",
    replaced: "Ez a hely most egy másik lapon vagy ablakban van nyitva.", playHere: "Itt játszom",
    log: "Napló", downloadFailed: "A letöltés nem sikerült",
  },
};

// The rule options' names in Hungarian (the English descriptions come from the server).
export const OPTION_NAMES_HU = {
  two_round_auction: "kétkörös licit", hearts_always_trump: "mindig piros az adu",
  talon: "talonnal", combined_bids_only: "csak összetett bemondás",
  equal_value_overcalls: "azonos érték kevesebb résszel üt", four_aces: "négy ász",
  simple_forfeit: "a passz parti nem játszik (fizet)", open_pays_double: "a terített dupla",
  soloist_alone_exposes: "csak a felvevő terít", max_kontra: "legmagasabb kontra (0 = nincs határ)",
  talon_ace_loses_four_aces: "talonba tett ász: elveszett négy ász",
  silent_durchmars_in_simple: "csendes durchmars értéke passzban",
  tiebreak_deals: "döntő leosztások", unit_forints: "forint egységenként",
  session_deals: "leosztások egy partiban",
};

export function words(lang) { return WORDS[lang] || WORDS.en; }

export function pickLang(fallback) {
  return localStorage.getItem("ulti-lang") || fallback || "en";
}
