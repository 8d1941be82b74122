<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="13" columns="8">
 <image source="../../../assets/tiles/terrain.png" width="256" height="64"/>
 <tile id="0">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="lava"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="2"/>
    <property name="terrain" value="rough"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="wading"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="2"/>
    <property name="terrain" value="shallow_water"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="slippery"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="2"/>
    <property name="terrain" value="mud"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="deep_water"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="3"/>
    <property name="terrain" value="deep_water"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
    <property name="blocks_sight" type="bool" value="true"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="0"/>
    <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
    <property name="blocks_sight" type="bool" value="true"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="0"/>
    <property name="terrain" value="tree"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="1"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="2"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="hill_top"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="pit"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="pit"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="fire"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="fire"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="drop_ft" type="int" value="20"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="cliff"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="cliff"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
    <property name="blocks_sight" type="bool" value="false"/>
    <property name="elevation" type="int" value="0"/>
    <property name="footing" value="firm"/>
    <property name="hazard" value="none"/>
    <property name="move_cost" type="int" value="1"/>
    <property name="terrain" value="road"/>
  </properties>
 </tile>
</tileset>
