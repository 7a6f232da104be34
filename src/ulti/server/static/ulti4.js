// Four at the table (N1-N5): Ulti's table (ulti.js), each deal three-handed among the three
// who do not deal; the view names the deal's seats and says which of the table's play them
// (view.four, read through table-state.js), so the table is Ulti's but for its name.
import { game as ulti } from "/static/ulti.js";

export const game = { ...ulti, name: "ulti4" };
