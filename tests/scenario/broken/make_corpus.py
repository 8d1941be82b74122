"""Write the broken-map corpus: one small broken .tmx per check, each derived from maps/test_arena.tmx.

Run from anywhere: `python tests/scenario/broken/make_corpus.py`. The files are committed;
tests/scenario/test_check.py holds the message each must produce, and that the committed files
are what this writes today. The maps name the shipped tileset as ../../../maps/terrain.tsx, or
a local .tsx copy broken on purpose.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
ARENA = (ROOT / "maps" / "test_arena.tmx").read_text()
TSX = (ROOT / "maps" / "terrain.tsx").read_text()

BASE = ARENA.replace('source="terrain.tsx"', 'source="../../../maps/terrain.tsx"')
LOCAL_TSX = TSX.replace('source="../assets/', 'source="../../../assets/')


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def set_square(text: str, layer: str, x: int, y: int, gid: int) -> str:
    """Put tile `gid` at (x, y) of a CSV layer."""
    m = re.search(rf'name="{layer}".*?<data encoding="csv">\n(.*?)\n</data>', text, re.DOTALL)
    rows = [r.rstrip(",").split(",") for r in m.group(1).splitlines()]
    rows[y][x] = str(gid)
    body = ",\n".join(",".join(r) for r in rows)
    return text[: m.start(1)] + body + text[m.end(1) :]


def set_column(text: str, layer: str, x: int, gid: int, height: int = 8) -> str:
    for y in range(height):
        text = set_square(text, layer, x, y, gid)
    return text


def tsx_variant(out: dict[str, str], name: str, old: str, new: str) -> str:
    """A local copy of the tileset, broken on purpose (added to out), and a map naming it."""
    out[f"{name}.tsx"] = sub(LOCAL_TSX, old, new)
    return sub(BASE, 'source="../../../maps/terrain.tsx"', f'source="{name}.tsx"')


GRASS_COST = (
    '<tile id="0">\n  <properties>\n    <property name="blocks_sight" type="bool" value="false"/>\n'
    '    <property name="elevation" type="int" value="0"/>\n    <property name="footing" value="firm"/>\n'
    '    <property name="hazard" value="none"/>\n    <property name="move_cost" type="int" value="1"/>'
)
RED_ORC = 'name="red_orc" x="224" y="96"'
WALL, FIRE = 6, 11  # gids in terrain.tsx (tile ids 5 and 10)


def embedded(image: str) -> str:
    body = LOCAL_TSX.split("\n", 1)[1]  # drop the XML declaration
    body = body.replace(
        '<tileset version="1.10" tiledversion="1.10.2" name="terrain"', '<tileset firstgid="1" name="terrain"'
    )
    body = body.replace('source="../../../assets/tiles/terrain.png"', f'source="{image}"')
    return sub(BASE, ' <tileset firstgid="1" source="../../../maps/terrain.tsx"/>\n', body)


def files() -> dict[str, str]:  # noqa: PLR0915  (the corpus, one broken file per statement)
    """Every file of the corpus by name: the broken maps and the broken tileset copies."""
    tsx: dict[str, str] = {}
    c: dict[str, str] = {}
    c["xml_does_not_parse"] = sub(BASE, "</map>", "</mapp>")
    c["xml_truncated"] = BASE[: len(BASE) // 2]
    c["not_a_map"] = LOCAL_TSX
    c["tileset_missing"] = sub(BASE, "../../../maps/terrain.tsx", "nowhere/terrain.tsx")
    c["tileset_not_tsx"] = sub(BASE, "../../../maps/terrain.tsx", "terrain.json")
    c["tileset_image_missing_external"] = tsx_variant(
        tsx, "image_missing", "../../../assets/tiles/terrain.png", "terrain_missing.png"
    )
    c["tileset_image_missing_embedded"] = embedded("../../../assets/tiles/missing.png")
    c["orientation_isometric"] = sub(BASE, 'orientation="orthogonal"', 'orientation="isometric"')
    c["infinite"] = sub(BASE, 'infinite="0"', 'infinite="1"')
    c["tiles_not_square"] = sub(BASE, 'tileheight="32" infinite', 'tileheight="16" infinite')
    c["map_empty"] = sub(BASE, 'width="12" height="8" tilewidth', 'width="0" height="8" tilewidth')
    c["map_too_large"] = sub(BASE, 'width="12" height="8" tilewidth', 'width="5000" height="8" tilewidth')
    c["map_width_not_a_number"] = sub(BASE, 'width="12" height="8" tilewidth', 'width="twelve" height="8" tilewidth')
    c["layer_size_mismatch"] = sub(BASE, 'name="ground" width="12"', 'name="ground" width="10"')
    c["layer_data_short"] = sub(BASE, "1,1,1,1,1,1,1,1,1,1,1,1\n</data>", "1,1,1,1,1,1,1,1,1,1,1\n</data>")
    c["layer_data_not_a_number"] = sub(BASE, "1,1,8,1", "1,1,hill,1")
    c["layer_data_bad_base64"] = re.sub(
        r'(name="ground".*?)<data encoding="csv">.*?</data>',
        r'\1<data encoding="base64" compression="zlib">AAAAAAAA</data>',
        BASE,
        flags=re.DOTALL,
    )
    c["layer_encoding_unknown"] = sub(BASE, '<data encoding="csv">', '<data encoding="hex">')
    c["layer_xml_tiles"] = re.sub(
        r'(name="ground".*?)<data encoding="csv">.*?</data>', r'\1<data><tile gid="1"/></data>', BASE, flags=re.DOTALL
    )
    c["layer_gid_in_no_tileset"] = set_square(BASE, "features", 0, 0, 99)
    c["no_units_layer"] = sub(BASE, 'name="units"', 'name="troops"')
    c["two_units_layers"] = sub(
        BASE,
        ' <objectgroup id="4" name="zones">',
        ' <objectgroup id="5" name="units"/>\n <objectgroup id="4" name="zones">',
    )
    c["units_layer_empty"] = re.sub(
        r'<objectgroup id="3" name="units">.*?</objectgroup>',
        '<objectgroup id="3" name="units"/>',
        BASE,
        flags=re.DOTALL,
    )
    c["unit_name_duplicate"] = sub(BASE, 'name="red_orc"', 'name="blue_fighter"')
    c["unit_name_missing"] = sub(BASE, 'name="red_orc" ', "")
    c["unit_name_newline"] = sub(BASE, 'name="red_orc"', 'name="red_orc&#10;rout: everything is fine"')
    c["unit_kind_unknown"] = sub(BASE, 'value="orc"', 'value="dragon"')
    c["unit_kind_missing"] = sub(BASE, '    <property name="kind" value="orc"/>\n', "")
    c["unit_side_missing"] = sub(BASE, '    <property name="side" value="red"/>\n', "")
    c["unit_side_not_plain"] = sub(
        BASE,
        '<property name="side" value="red"/>\n    <property name="kind" value="orc"/>',
        '<property name="side" value="Red Army"/>\n    <property name="kind" value="orc"/>',
    )
    c["one_side_only"] = sub(
        sub(
            BASE,
            '<property name="side" value="red"/>\n    <property name="kind" value="orc"/>',
            '<property name="side" value="blue"/>\n    <property name="kind" value="orc"/>',
        ),
        '<property name="zone" value="exit"/>\n    <property name="side" value="red"/>',
        '<property name="zone" value="exit"/>',
    )
    c["unit_facing_bad"] = sub(BASE, 'value="W"', 'value="UP"')
    c["unit_facing_missing"] = sub(BASE, '    <property name="facing" value="W"/>\n', "")
    c["unit_outside_map"] = sub(BASE, RED_ORC, 'name="red_orc" x="640" y="96"')
    c["unit_outside_map_negative"] = sub(BASE, RED_ORC, 'name="red_orc" x="-64" y="96"')
    c["unit_on_impassable"] = set_square(BASE, "features", 7, 3, WALL)
    c["unit_on_unit"] = sub(BASE, RED_ORC, 'name="red_orc" x="128" y="96"')
    c["unit_hero_not_bool"] = sub(
        BASE,
        '<property name="facing" value="E"/>',
        '<property name="facing" value="E"/>\n    <property name="hero" value="yes"/>',
    )
    c["unit_leader_bad_bool"] = sub(
        BASE,
        '<property name="facing" value="W"/>',
        '<property name="facing" value="W"/>\n    <property name="leader" type="bool" value="maybe"/>',
    )
    c["unit_hp_not_int"] = sub(
        BASE,
        '<property name="facing" value="W"/>',
        '<property name="facing" value="W"/>\n    <property name="hp" type="int" value="many"/>',
    )
    c["unit_hp_string"] = sub(
        BASE,
        '<property name="facing" value="W"/>',
        '<property name="facing" value="W"/>\n    <property name="hp" value="12"/>',
    )
    c["unit_hp_zero"] = sub(
        BASE,
        '<property name="facing" value="W"/>',
        '<property name="facing" value="W"/>\n    <property name="hp" type="int" value="0"/>',
    )
    c["unit_controller_bad"] = sub(
        BASE,
        '<property name="facing" value="W"/>',
        '<property name="facing" value="W"/>\n    <property name="controller" value="robot"/>',
    )
    c["unit_x_not_a_number"] = sub(BASE, RED_ORC, 'name="red_orc" x="abc" y="96"')
    c["unit_x_not_finite"] = sub(BASE, RED_ORC, 'name="red_orc" x="inf" y="96"')
    c["property_type_unknown"] = sub(
        BASE, '<property name="max_rounds" type="int"', '<property name="max_rounds" type="integer"'
    )
    c["property_type_class"] = sub(
        BASE,
        '<property name="max_rounds" type="int" value="30"/>',
        '<property name="max_rounds" type="class" propertytype="Rounds"/>',
    )
    c["tile_property_wrong_type"] = tsx_variant(
        tsx,
        "tile_property_wrong_type",
        GRASS_COST,
        GRASS_COST.replace('name="move_cost" type="int"', 'name="move_cost"'),
    )
    c["tile_property_unparsable"] = tsx_variant(
        tsx,
        "tile_property_unparsable",
        GRASS_COST,
        GRASS_COST.replace('type="int" value="1"/>', 'type="int" value="lots"/>'),
    )
    c["tile_property_out_of_range"] = tsx_variant(
        tsx,
        "tile_property_out_of_range",
        GRASS_COST,
        GRASS_COST.replace('type="int" value="1"/>', 'type="int" value="99"/>'),
    )
    c["tile_property_bad_footing"] = tsx_variant(
        tsx,
        "tile_property_bad_footing",
        GRASS_COST,
        GRASS_COST.replace('"footing" value="firm"', '"footing" value="lava"'),
    )
    c["option_unknown"] = sub(
        BASE, '<property name="victory"', '<property name="fog_of_war" value="thick"/>\n  <property name="victory"'
    )
    c["option_wrong_type"] = sub(
        BASE, '<property name="max_rounds" type="int" value="30"/>', '<property name="max_rounds" value="lots"/>'
    )
    c["option_out_of_range"] = sub(BASE, 'type="int" value="30"', 'type="int" value="5000"')
    c["option_bad_value"] = sub(BASE, 'name="morale_system" value="adnd2e"', 'name="morale_system" value="gygax"')
    c["option_bool_as_string"] = sub(
        BASE, '<property name="victory"', '<property name="knockdown_dice" value="true"/>\n  <property name="victory"'
    )
    c["option_side_without_units"] = sub(
        BASE, '<property name="victory"', '<property name="surprised" value="green"/>\n  <property name="victory"'
    )
    c["zone_outside_map"] = sub(BASE, 'name="red_exit" x="352"', 'name="red_exit" x="480"')
    c["zone_kind_unknown"] = sub(BASE, '<property name="zone" value="exit"/>', '<property name="zone" value="escape"/>')
    c["zone_kind_missing"] = sub(BASE, '    <property name="zone" value="exit"/>\n', "")
    c["zone_side_without_units"] = sub(
        BASE,
        '<property name="zone" value="exit"/>\n    <property name="side" value="blue"/>',
        '<property name="zone" value="exit"/>\n    <property name="side" value="green"/>',
    )
    c["exit_cut_off_by_walls"] = set_column(BASE, "features", 9, WALL)
    c["exit_cut_off_by_fire"] = set_column(BASE, "features", 9, FIRE)
    enemy_in_the_gap = set_column(BASE, "features", 9, WALL)
    c["exit_cut_off_by_enemy"] = sub(
        set_square(enemy_in_the_gap, "features", 9, 3, 0), 'name="blue_fighter" x="128"', 'name="blue_fighter" x="288"'
    )
    return {f"{name}.tmx": text for name, text in c.items()} | tsx


def main() -> None:
    for old in [*HERE.glob("*.tmx"), *HERE.glob("*.tsx")]:
        old.unlink()
    for name, text in files().items():
        (HERE / name).write_text(text)


if __name__ == "__main__":
    main()
