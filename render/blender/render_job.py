# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) the stbench authors. See render/blender/LICENSE.
"""
Generic render-job renderer that runs inside Blender (tested on 3.4; 4.x/5.x branches written, untested).

Start:
    blender -b --factory-startup -noaudio --python-exit-code 1 -P render/blender/render_job.py -- \
        --samples N [--device CPU|CUDA|OPTIX|HIP|METAL|ONEAPI] [--workdir DIR] [--threads N]

Protocol: JSON commands, one per line, on stdin; replies on the process's original stdout, one line each, prefixed
with "@@STB ". Blender's own chatter goes to stderr (fd 1 is pointed at stderr at start-up). Commands:
    {"cmd":"scene","job":PATH}           build the scene of a render job (replaces any previous scene)
    {"cmd":"frame","index":I,"out":{"rgb":P,"depth":P,"ids":P,"albedo":P},"camera":{...},"moves":[...]}
    {"cmd":"quit"}
The script decides nothing about the benchmark: it renders what the job says.
"""
import json
import math
import os
import shutil
import sys
import time
import traceback

# --- protocol channel first, before Blender or Python prints anything else -------------------------------------
_PROTO = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

PREFIX = "@@STB "
ERROR_WRITTEN = "@@STB error written"  # render/blender-process.ts ERROR_WRITTEN


def send(obj):
    _PROTO.write(PREFIX + json.dumps(obj, separators=(",", ":")) + "\n")
    _PROTO.flush()


import bpy  # noqa: E402
from mathutils import Vector, Euler  # noqa: E402

V = bpy.app.version  # (major, minor, patch)
IS4 = V >= (4, 0, 0)
IS5 = V >= (5, 0, 0)

# the files of a frame: the picture (JPEG), planar depth and truth ids (16-bit PNG), the surface colour (8-bit PNG)
KINDS = ("rgb", "depth", "ids", "albedo")
SURFACE_AOV = "surface"


# --- arguments ---------------------------------------------------------------------------------------------------
def parse_args(argv):
    args = argv[argv.index("--") + 1:] if "--" in argv else []
    out = {"samples": 16, "device": "CPU", "workdir": None, "threads": 0}
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--samples":
            out["samples"] = int(args[i + 1]); i += 2
        elif a == "--device":
            out["device"] = args[i + 1].upper(); i += 2
        elif a == "--workdir":
            out["workdir"] = args[i + 1]; i += 2
        elif a == "--threads":
            out["threads"] = int(args[i + 1]); i += 2
        else:
            raise SystemExit("render_job.py: unknown argument " + a)
    return out


ARGS = parse_args(sys.argv)
WORKDIR = ARGS["workdir"] or os.path.join(os.environ.get("TMPDIR", "/tmp"), "stbench-blender-%d" % os.getpid())
os.makedirs(WORKDIR, exist_ok=True)

# --- render statistics: what Blender reports it rendered ----------------------------------------------------------
# In 3.4 the render_stats handler receives None instead of the text, so the frame's chatter (fd 1) goes to a log file
# during the render call; the last "Sample a/b" in it is what Cycles rendered. A file never blocks the writer.
try:
    import ctypes
    _LIBC = ctypes.CDLL(None)
except Exception:  # pragma: no cover
    _LIBC = None


def _flush_c_stdout():
    try:
        if _LIBC is not None:
            _LIBC.fflush(None)
    except Exception:
        pass


def parse_samples(text):
    """The last "Sample a/b" of Cycles' status lines: (a, b) or (None, None)."""
    sample = total = None
    for line in text.splitlines():
        idx = line.rfind("| Sample ")
        if idx < 0:
            continue
        tok = line[idx + 9:].split()[0] if line[idx + 9:].split() else ""
        if "/" in tok:
            a, b = tok.split("/", 1)
            try:
                sample, total = int(a), int(b)
            except ValueError:
                pass
    return sample, total


def render_logged(log_path):
    """Render once with fd 1 pointed at a log file; forward the log to stderr afterwards; return its text."""
    _flush_c_stdout()
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.close(fd)
    try:
        bpy.ops.render.render(write_still=False)
    finally:
        _flush_c_stdout()
        os.dup2(2, 1)
    with open(log_path, "r", encoding="utf-8", errors="replace") as f:
        text = f.read()
    sys.stderr.write(text)
    sys.stderr.flush()
    return text


# --- helpers -----------------------------------------------------------------------------------------------------
def set_input(node, names, value):
    """Set the first input of `node` whose name exists (input names differ between Blender versions)."""
    for n in names:
        sock = node.inputs.get(n)
        if sock is not None:
            sock.default_value = value
            return sock
    return None


def get_input(node, names):
    for n in names:
        sock = node.inputs.get(n)
        if sock is not None:
            return sock
    return None


def rgba(c):
    return (float(c[0]), float(c[1]), float(c[2]), 1.0)


def camera_euler(yaw_deg, pitch_deg):
    """Blender cameras look along local -Z with +Y up. Euler XYZ (90+pitch, 0, yaw-90) makes yaw 0 look along +x,
    yaw 90 along +y, pitch -90 straight down (the same formula as render/camera-rotation.ts)."""
    return Euler((math.radians(90.0 + pitch_deg), 0.0, math.radians(yaw_deg - 90.0)), "XYZ")


# --- unit meshes -------------------------------------------------------------------------------------------------
def unit_box():
    h = 0.5
    v = [(-h, -h, -h), (h, -h, -h), (h, h, -h), (-h, h, -h), (-h, -h, h), (h, -h, h), (h, h, h), (-h, h, h)]
    f = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    return v, f, False


def unit_cylinder(n=32):
    v, f = [], []
    for k in range(n):
        a = 2 * math.pi * k / n
        v.append((0.5 * math.cos(a), 0.5 * math.sin(a), -0.5))
    for k in range(n):
        a = 2 * math.pi * k / n
        v.append((0.5 * math.cos(a), 0.5 * math.sin(a), 0.5))
    for k in range(n):
        k2 = (k + 1) % n
        f.append((k, k2, n + k2, n + k))
    f.append(tuple(reversed(range(n))))
    f.append(tuple(range(n, 2 * n)))
    return v, f, False


def unit_sphere(rings=16, segs=32):
    v = [(0.0, 0.0, -0.5)]
    for r in range(1, rings):
        th = math.pi * r / rings - math.pi / 2
        for s in range(segs):
            ph = 2 * math.pi * s / segs
            v.append((0.5 * math.cos(th) * math.cos(ph), 0.5 * math.cos(th) * math.sin(ph), 0.5 * math.sin(th)))
    v.append((0.0, 0.0, 0.5))
    top = len(v) - 1
    f = []
    for s in range(segs):
        f.append((0, 1 + (s + 1) % segs, 1 + s))
    for r in range(rings - 2):
        b0 = 1 + r * segs
        b1 = b0 + segs
        for s in range(segs):
            s2 = (s + 1) % segs
            f.append((b0 + s, b0 + s2, b1 + s2, b1 + s))
    last = 1 + (rings - 2) * segs
    for s in range(segs):
        f.append((last + s, last + (s + 1) % segs, top))
    return v, f, True


# Cylinders and spheres are meshes whose vertices lie on the true surface and whose faces lie inside it. The world
# model, its geometry queries and the ray-cast truth renderer use the exact shapes, so each object gets the fewest
# segments (of FACET_SEGMENTS; one shared unit mesh per count) that keep every face within FACET_TOL_M of its true
# surface: a 4 m tree crown at 32 segments lay 19 mm inside its sphere, beyond the 1 cm depth cross-check.
FACET_TOL_M = 0.002
FACET_SEGMENTS = (32, 64, 128, 256, 512)


def facet_segments(shape, size):
    """Segments around a cylinder or sphere of this size (x, y, z full extents) within FACET_TOL_M."""
    r = 0.5 * (max(size[0], size[1]) if shape == "cylinder" else max(size))
    for n in FACET_SEGMENTS:
        c = math.cos(math.pi / n)
        # a side face's centre lies r (1 - cos(pi/n)) inside a circle; a sphere's quad about r (1 - cos^2(pi/n))
        if r * (1.0 - (c if shape == "cylinder" else c * c)) <= FACET_TOL_M:
            return n
    return FACET_SEGMENTS[-1]


def mesh_key(s):
    """The shared unit mesh an object uses: (shape, segments), segments 0 for a box; a lathe's own mesh is keyed by
    its name too (its profile is its own)."""
    if s["shape"] == "box":
        return ("box", 0)
    if s["shape"] == "lathe":
        # the facet error of a circle of the largest radius bounds every ring's
        return ("lathe", facet_segments("cylinder", s["size"]), s["name"])
    if s["shape"] == "rbox":
        # built at its size (rounding does not scale unevenly): rboxes of one size and radius share a mesh; the
        # corners' facet error as a sphere of the radius bounds the edges' (as a cylinder's, smaller)
        r = float(s["radius"])
        size = tuple(float(v) for v in s["size"])
        return ("rbox", facet_segments("sphere", (2 * r, 2 * r, 2 * r)), size, r)
    return (s["shape"], facet_segments(s["shape"], s["size"]))


def rbox_mesh(size, radius, n):
    """A rounded box in its own frame (centre at the origin): the points `radius` from the inner box (size - 2
    radius). A sphere's grid of n segments around (n / 4 a quarter, latitudes at the same step) split at the inner
    box's planes: each octant's eighth of the grid moves out to its corner of the inner box, so the grid's cells
    across the splits are the flat faces (the sides, and the top and bottom from the four pole points) and the
    quarter cylinders along the edges. Every vertex lies on the true surface and carries the true normal; a vertex
    shared by coinciding parts (an inner extent of 0) is one vertex."""
    m = max(1, n // 4)
    r = float(radius)
    a = [max(0.0, 0.5 * float(v) - r) for v in size]
    # cos and sin of k quarter-steps, exact at the quarter's ends
    cs = [(1.0, 0.0)] + [(math.cos(0.5 * math.pi * k / m), math.sin(0.5 * math.pi * k / m)) for k in range(1, m)]
    cs.append((0.0, 1.0))
    quads = ((1, 1), (-1, 1), (-1, -1), (1, -1))
    lons = []  # (sx, sy, cos lon, sin lon): each quadrant from its start to its end, ends doubled
    for q, (sx, sy) in enumerate(quads):
        for c, sn in cs:
            rot = ((c, sn), (-sn, c), (-c, -sn), (sn, -c))[q]
            lons.append((sx, sy, rot[0], rot[1]))
    lats = [(-1, sn, -c) for c, sn in cs] + [(1, c, sn) for c, sn in cs]  # (sz, cos lat, sin lat), south to north
    v, nrm, index, grid = [], [], {}, []
    for sz, cl, sl in lats:
        row = []
        for sx, sy, co, so in lons:
            d = (cl * co, cl * so, sl)
            p = (sx * a[0] + r * d[0], sy * a[1] + r * d[1], sz * a[2] + r * d[2])
            i = index.get(p)
            if i is None:
                i = index[p] = len(v)
                v.append(p)
                nrm.append(d)
            row.append(i)
        grid.append(row)
    f, smooth = [], []

    def face(idx, sm):
        idx = [i for j, i in enumerate(idx) if i != idx[j - 1]]  # coinciding corners are one
        if len(set(idx)) >= 3:
            f.append(tuple(idx))
            smooth.append(sm)

    cols = len(lons)
    for j in range(len(lats) - 1):
        across_z = lats[j][0] != lats[j + 1][0]
        for c in range(cols):
            c2 = (c + 1) % cols
            across_xy = lons[c][:2] != lons[c2][:2]
            # a cell across both splits is a flat side
            face((grid[j][c], grid[j][c2], grid[j + 1][c2], grid[j + 1][c]), not (across_z and across_xy))
    face(tuple(grid[-1][q * (m + 1)] for q in range(4)), False)
    face(tuple(grid[0][q * (m + 1)] for q in reversed(range(4))), False)
    return v, f, smooth, nrm


def lathe_mesh(profile, height, wall, n):
    """A lathe revolved about z in its own frame (centre at the origin, bottom at -height / 2): n vertices a ring,
    every vertex on the true surface. Outer wall (and bottom and top discs), or for a hollow one (wall > 0) the
    outer wall, the rim, the inner wall (the profile moved inward by the wall, from an inner floor a wall above the
    bottom) and the inner floor; the walls are smooth, the flat parts have their own vertices and stay flat."""
    hz = 0.5 * height
    outer = [(float(r), float(z) - hz) for r, z in profile]
    inner = []
    if wall > 0:
        floor = wall - hz
        for i, (r, z) in enumerate(outer):
            if z <= floor:
                continue
            if not inner:
                r0, z0 = outer[i - 1]
                inner.append((r0 + (floor - z0) / (z - z0) * (r - r0) - wall, floor))
            inner.append((r - wall, z))
    v, f, smooth = [], [], []

    def ring(r, z):
        start = len(v)
        if r <= 0.0:
            v.append((0.0, 0.0, z))
            return [start] * n
        for k in range(n):
            a = 2 * math.pi * k / n
            v.append((r * math.cos(a), r * math.sin(a), z))
        return list(range(start, start + n))

    def face(idx, sm):
        idx = [i for j, i in enumerate(idx) if i != idx[j - 1]]  # a ring on the axis is one vertex
        if len(idx) >= 3:
            f.append(tuple(idx))
            smooth.append(sm)

    def walls(pts, inward):
        rings = [ring(r, z) for r, z in pts]
        for a, b in zip(rings, rings[1:]):
            for k in range(n):
                k2 = (k + 1) % n
                q = (a[k], a[k2], b[k2], b[k])
                face(tuple(reversed(q)) if inward else q, True)

    def disc(r, z, up):
        if r > 0.0:
            rg = ring(r, z)
            face(tuple(rg) if up else tuple(reversed(rg)), False)

    def annulus(r_in, r_out, z):
        a, b = ring(r_out, z), ring(r_in, z)
        for k in range(n):
            k2 = (k + 1) % n
            face((a[k], a[k2], b[k2], b[k]), False)

    walls(outer, False)
    disc(outer[0][0], outer[0][1], False)
    if inner:
        walls(inner, True)
        annulus(inner[-1][0], outer[-1][0], hz)
        disc(inner[0][0], inner[0][1], True)
    else:
        disc(outer[-1][0], outer[-1][1], True)
    return v, f, smooth


def make_unit_mesh(shape, n):
    if shape == "box":
        return make_mesh("unit_box", unit_box)
    if shape == "cylinder":
        return make_mesh("unit_cylinder_%d" % n, lambda: unit_cylinder(n))
    return make_mesh("unit_sphere_%d" % n, lambda: unit_sphere(n // 2, n))


def make_mesh(name, builder):
    """A mesh from builder() -> (verts, faces, smooth: True, False or one flag a face[, normals: one a vertex])."""
    built = builder()
    verts, faces, smooth = built[:3]
    normals = built[3] if len(built) > 3 else None
    me = bpy.data.meshes.new(name)
    me.from_pydata(verts, [], faces)
    me.update()
    if smooth is True:
        for p in me.polygons:
            p.use_smooth = True
    elif smooth:  # per face
        for p, sm in zip(me.polygons, smooth):
            p.use_smooth = sm
    if normals:
        # the true normals at the vertices (Blender before 4.1 applies custom normals only with auto smooth)
        if hasattr(me, "use_auto_smooth"):
            me.use_auto_smooth = True
        me.normals_split_custom_set_from_vertices(normals)
    me.materials.append(None)  # one slot, linked per object
    return me


# --- materials ---------------------------------------------------------------------------------------------------
def _mix(nt, fac_out, a, b):
    m = nt.nodes.new("ShaderNodeMixRGB")
    m.blend_type = "MIX"
    if fac_out is None:
        m.inputs["Fac"].default_value = 0.5
    else:
        nt.links.new(fac_out, m.inputs["Fac"])
    for sock, val in ((m.inputs["Color1"], a), (m.inputs["Color2"], b)):
        if isinstance(val, tuple):
            sock.default_value = val
        else:
            nt.links.new(val, sock)
    return m.outputs["Color"]


def _math(nt, op, a, b=None):
    m = nt.nodes.new("ShaderNodeMath")
    m.operation = op
    for i, val in enumerate((a, b)):
        if val is None:
            continue
        if isinstance(val, (int, float)):
            m.inputs[i].default_value = float(val)
        else:
            nt.links.new(val, m.inputs[i])
    return m.outputs[0]


def _planar_coords(nt):
    """World-space coordinates projected on the dominant plane: (x, y) on floors and tops, (x + y, z) on walls,
    so 2-D patterns keep their metric size whatever a unit mesh was scaled to."""
    geo = nt.nodes.new("ShaderNodeNewGeometry")
    pos = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(geo.outputs["Position"], pos.inputs[0])
    nrm = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(geo.outputs["Normal"], nrm.inputs[0])
    horiz = _math(nt, "GREATER_THAN", _math(nt, "ABSOLUTE", nrm.outputs["Z"]), 0.7)
    wall = nt.nodes.new("ShaderNodeCombineXYZ")
    nt.links.new(_math(nt, "ADD", pos.outputs["X"], pos.outputs["Y"]), wall.inputs["X"])
    nt.links.new(pos.outputs["Z"], wall.inputs["Y"])
    flat = nt.nodes.new("ShaderNodeCombineXYZ")
    nt.links.new(pos.outputs["X"], flat.inputs["X"])
    nt.links.new(pos.outputs["Y"], flat.inputs["Y"])
    return _mix(nt, horiz, wall.outputs[0], flat.outputs[0]), geo.outputs["Position"]


def pattern_color(nt, spec):
    """A colour output for the material's procedural pattern, or None for a plain colour."""
    pat = spec.get("pattern")
    if not pat:
        return None
    base = rgba(spec["base_rgb"])
    alt = rgba(spec.get("pattern_rgb") or [c * 0.6 for c in spec["base_rgb"]])
    scale_m = float(spec.get("pattern_scale") or {
        "wood": 0.25, "tiles": 0.3, "concrete": 0.5, "asphalt": 0.2, "fabric": 0.02, "brick": 0.25, "checker": 0.5,
    }[pat])
    uv, pos3 = _planar_coords(nt)
    if pat in ("brick", "tiles"):
        b = nt.nodes.new("ShaderNodeTexBrick")
        nt.links.new(uv, b.inputs["Vector"])
        b.inputs["Scale"].default_value = 1.0 / scale_m
        b.inputs["Color1"].default_value = base
        b.inputs["Color2"].default_value = tuple(min(1.0, c * 0.9) for c in base[:3]) + (1.0,)
        b.inputs["Mortar"].default_value = alt
        b.inputs["Mortar Size"].default_value = 0.015 if pat == "brick" else 0.01
        b.inputs["Brick Width"].default_value = 1.0 if pat == "tiles" else 1.0
        b.inputs["Row Height"].default_value = 1.0 if pat == "tiles" else 0.5
        b.offset = 0.0 if pat == "tiles" else 0.5
        return b.outputs["Color"]
    if pat == "checker":
        c = nt.nodes.new("ShaderNodeTexChecker")
        nt.links.new(pos3, c.inputs["Vector"])
        c.inputs["Scale"].default_value = 1.0 / scale_m
        c.inputs["Color1"].default_value = base
        c.inputs["Color2"].default_value = alt
        return c.outputs["Color"]
    if pat == "wood":
        w = nt.nodes.new("ShaderNodeTexWave")
        nt.links.new(uv, w.inputs["Vector"])
        w.wave_type = "BANDS"
        w.inputs["Scale"].default_value = 1.0 / scale_m
        w.inputs["Distortion"].default_value = 4.0
        w.inputs["Detail"].default_value = 3.0
        return _mix(nt, _math(nt, "POWER", w.outputs["Fac"], 2.0), base, alt)
    if pat == "fabric":
        w1 = nt.nodes.new("ShaderNodeTexWave")
        w2 = nt.nodes.new("ShaderNodeTexWave")
        for w, d in ((w1, "X"), (w2, "Y")):
            nt.links.new(uv, w.inputs["Vector"])
            w.bands_direction = d
            w.inputs["Scale"].default_value = 1.0 / scale_m
        f = _math(nt, "MULTIPLY", _math(nt, "ADD", w1.outputs["Fac"], w2.outputs["Fac"]), 0.5)
        return _mix(nt, f, base, alt)
    # concrete / asphalt: noise
    n = nt.nodes.new("ShaderNodeTexNoise")
    nt.links.new(pos3, n.inputs["Vector"])
    n.inputs["Scale"].default_value = 1.0 / scale_m
    n.inputs["Detail"].default_value = 8.0 if pat == "asphalt" else 4.0
    n.inputs["Roughness"].default_value = 0.6
    f = _math(nt, "MULTIPLY", _math(nt, "SUBTRACT", n.outputs["Fac"], 0.3), 1.5)
    f = _math(nt, "MINIMUM", _math(nt, "MAXIMUM", f, 0.0), 1.0)
    return _mix(nt, f, base, alt)


def make_material(name, spec):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    bsdf = nt.nodes.get("Principled BSDF")
    col = pattern_color(nt, spec)
    base_sock = get_input(bsdf, ["Base Color"])
    if col is not None:
        nt.links.new(col, base_sock)
    else:
        base_sock.default_value = rgba(spec["base_rgb"])
    set_input(bsdf, ["Roughness"], float(spec.get("roughness", 0.5)))
    set_input(bsdf, ["Metallic"], float(spec.get("metallic", 0.0)))
    # the surface colour (the base colour, pattern included) as a shader AOV: what a careful reader names a thing's
    # colour by, independent of light, metalness and the sample count
    aov = nt.nodes.new("ShaderNodeOutputAOV")
    if hasattr(aov, "aov_name"):  # 4.x (untested)
        aov.aov_name = SURFACE_AOV
    else:  # 3.x: the AOV's name is the node's "name" property
        aov.name = SURFACE_AOV
    if col is not None:
        nt.links.new(col, aov.inputs["Color"])
    else:
        aov.inputs["Color"].default_value = rgba(spec["base_rgb"])
    em = spec.get("emission_rgb")
    strength = float(spec.get("emission_strength") or 0.0)
    if em is not None and strength > 0:
        # 3.x: "Emission"; 4.x: "Emission Color" (untested here)
        set_input(bsdf, ["Emission Color", "Emission"], rgba(em))
        set_input(bsdf, ["Emission Strength"], strength)
    return mat


# --- scene -------------------------------------------------------------------------------------------------------
class State:
    job = None
    objects = {}
    camera = None
    file_node = None
    prefixes = ("rgb_", "depth_", "ids_", "albedo_")
    device = "CPU"
    device_names = []


def clear_scene():
    for coll in (bpy.data.objects, bpy.data.meshes, bpy.data.materials, bpy.data.lights, bpy.data.cameras,
                 bpy.data.worlds):
        for item in list(coll):
            coll.remove(item)
    State.objects = {}


def setup_device(scene):
    want = ARGS["device"]
    scene.cycles.device = "CPU"
    State.device, State.device_names = "CPU", []
    if want == "CPU":
        return
    try:
        prefs = bpy.context.preferences.addons["cycles"].preferences
        prefs.compute_device_type = want
        prefs.get_devices()
        used = []
        for d in prefs.devices:
            d.use = d.type == want
            if d.use:
                used.append(d.name)
        if used:
            scene.cycles.device = "GPU"
            State.device, State.device_names = want, used
    except Exception as e:  # unknown type: stays CPU, and the reply says so
        print("render_job.py: device %s unavailable: %s" % (want, e), file=sys.stderr)


def oidn_available():
    try:
        import _cycles
        return bool(getattr(_cycles, "with_openimagedenoise", False))
    except Exception:
        return False


def setup_render(scene, job):
    cam = job["camera"]
    st = job.get("settings") or {}
    r = scene.render
    r.engine = "CYCLES"
    r.resolution_x, r.resolution_y = int(cam["width"]), int(cam["height"])
    r.resolution_percentage = 100
    r.pixel_aspect_x = r.pixel_aspect_y = 1.0
    r.use_persistent_data = True
    r.dither_intensity = 0.0
    r.film_transparent = False
    r.use_compositing = True
    r.use_sequencer = False
    if ARGS["threads"] > 0:
        r.threads_mode, r.threads = "FIXED", ARGS["threads"]
    c = scene.cycles
    c.samples = ARGS["samples"]  # fixed per process (changing it under persistent data is ignored)
    c.use_adaptive_sampling = bool(st.get("adaptive_threshold"))
    if c.use_adaptive_sampling:
        c.adaptive_threshold = float(st["adaptive_threshold"])
        c.adaptive_min_samples = int(st.get("adaptive_min_samples", 0))
    c.use_denoising = bool(st.get("denoise") == "oidn" and oidn_available())
    if c.use_denoising:
        c.denoiser = "OPENIMAGEDENOISE"
    c.seed = int(st.get("seed", 0))
    c.use_animated_seed = False
    pf = st.get("pixel_filter") or {}
    c.pixel_filter_type = {"box": "BOX", "gaussian": "GAUSSIAN", "blackman_harris": "BLACKMAN_HARRIS"}[
        pf.get("type", "blackman_harris")]
    c.filter_width = float(pf.get("width_px", 1.5))
    b = st.get("bounces") or {}
    c.max_bounces = int(b.get("max", 4))
    c.diffuse_bounces = int(b.get("diffuse", 2))
    c.glossy_bounces = int(b.get("glossy", 2))
    c.transmission_bounces = int(b.get("transmission", 2))
    c.transparent_max_bounces = int(b.get("transparent", 4))
    if st.get("clamp_indirect") is not None:
        c.sample_clamp_indirect = float(st["clamp_indirect"])
    region = st.get("region")  # [x0, y0, x1, y1] from the top-left; Blender's border counts y from the bottom
    r.use_border = region is not None
    r.use_crop_to_border = False
    if region is not None:
        r.border_min_x, r.border_max_x = float(region[0]), float(region[2])
        r.border_min_y, r.border_max_y = 1.0 - float(region[3]), 1.0 - float(region[1])
    vs = scene.view_settings
    scene.display_settings.display_device = "sRGB"
    vs.view_transform = "Standard"  # factory default: Filmic (3.x), AgX (4.x)
    vs.look = "None"
    vs.exposure = float(st.get("exposure_ev", 0.0))
    vs.gamma = 1.0
    vl = scene.view_layers[0]
    vl.use_pass_z = True
    vl.use_pass_object_index = True
    aov = vl.aovs.add()
    aov.name, aov.type = SURFACE_AOV, "COLOR"
    setup_device(scene)


def setup_world(scene, w):
    world = bpy.data.worlds.new("world")
    world.use_nodes = True
    bg = world.node_tree.nodes.get("Background")
    bg.inputs["Color"].default_value = rgba(w["background_rgb"])
    bg.inputs["Strength"].default_value = float(w["strength"])
    sky = w.get("sky")
    if sky:
        # a clear sky about the place's sun; its sun disc off (the sun light is the sun). Blender's sun rotation turns
        # clockwise from +y, the place's azimuth counter-clockwise from +x.
        tex = world.node_tree.nodes.new("ShaderNodeTexSky")
        kinds = [i.identifier for i in tex.bl_rna.properties["sky_type"].enum_items]
        tex.sky_type = "NISHITA" if "NISHITA" in kinds else "MULTIPLE_SCATTERING"
        tex.sun_disc = False
        tex.sun_elevation = math.radians(float(sky["sun_elevation_deg"]))
        tex.sun_rotation = math.radians(90.0 - float(sky["sun_azimuth_deg"]))
        world.node_tree.links.new(tex.outputs["Color"], bg.inputs["Color"])
        # the sky is lit by the rays that find it, not sampled as a light: a broad, smooth light needs no importance
        # map, and sampling it sent a shadow ray to it from every shading point (docs/render.md, What it costs)
        world.cycles.sampling_method = "NONE"
    scene.world = world


def setup_camera(scene, cam):
    data = bpy.data.cameras.new("camera")
    data.type = "PERSP"
    data.lens_unit = "FOV"
    data.sensor_fit = "HORIZONTAL"
    data.angle = math.radians(float(cam["hfov_deg"]))
    data.clip_start = float(cam.get("clip_start_m", 0.01))
    data.clip_end = float(cam.get("clip_end_m", 1000.0))
    obj = bpy.data.objects.new("camera", data)
    scene.collection.objects.link(obj)
    obj.rotation_mode = "XYZ"
    scene.camera = obj
    State.camera = obj
    lamp = cam.get("lamp")
    if lamp:
        # the robot's own lamp: a spot at the lens along its axis (both look down their local -z), moving with it
        light = bpy.data.lights.new("camera_lamp", type="SPOT")
        light.energy = float(lamp["power_w"])
        light.spot_size = math.radians(float(lamp["spot_angle_deg"]))
        light.spot_blend = 0.5
        light.shadow_soft_size = 0.01
        lobj = bpy.data.objects.new("camera_lamp", light)
        scene.collection.objects.link(lobj)
        lobj.parent = obj


def light_rotation(l):
    if l.get("rotation_deg") is not None:
        return Euler(tuple(math.radians(a) for a in l["rotation_deg"]), "XYZ")
    d = Vector(l.get("direction") or (0.0, 0.0, -1.0))
    if d.length == 0:
        d = Vector((0.0, 0.0, -1.0))
    return Vector((0.0, 0.0, -1.0)).rotation_difference(d.normalized()).to_euler("XYZ")


def setup_lights(scene, lights):
    for l in lights:
        t = l["type"].upper()
        data = bpy.data.lights.new(l["name"], type=t)
        data.color = tuple(float(c) for c in l.get("rgb", (1, 1, 1)))
        size = float(l.get("size_m", 0.1))
        if t == "SUN":
            data.energy = float(l.get("strength", 1.0))
            data.angle = math.radians(float(l.get("angle_deg", 1.0)))
        else:
            data.energy = float(l.get("power_w", 100.0))
        if t in ("POINT", "SPOT"):
            data.shadow_soft_size = size / 2.0
        if t == "SPOT":
            data.spot_size = math.radians(float(l.get("spot_angle_deg", 60.0)))
            data.spot_blend = float(l.get("spot_blend", 0.15))
        if t == "AREA":
            data.shape = "RECTANGLE"
            sz = l.get("area_size_m") or [size, size]
            data.size, data.size_y = float(sz[0]), float(sz[1])
        obj = bpy.data.objects.new(l["name"], data)
        obj.location = tuple(l["position"])
        obj.rotation_mode = "XYZ"
        obj.rotation_euler = light_rotation(l)
        scene.collection.objects.link(obj)


def solid_euler(s):
    """A solid's (or a move's) orientation R = Rz(yaw) Ry(pitch) Rx(roll): Blender's 'XYZ' Euler (X applied first)."""
    return (math.radians(float(s.get("roll_deg") or 0.0)), math.radians(float(s.get("pitch_deg") or 0.0)),
            math.radians(float(s.get("yaw_deg", 0.0))))


def setup_objects(scene, job):
    meshes = {}
    mats = {name: make_material(name, spec) for name, spec in job["materials"].items()}
    for s in job["objects"]:
        key = mesh_key(s)
        if key not in meshes:
            if s["shape"] == "lathe":
                meshes[key] = make_mesh(
                    "lathe_%s" % s["name"],
                    lambda: lathe_mesh(s["profile"], float(s["size"][2]), float(s.get("wall") or 0.0), key[1]),
                )
            elif s["shape"] == "rbox":
                meshes[key] = make_mesh(
                    "rbox_%s" % s["name"], lambda: rbox_mesh(key[2], key[3], key[1])
                )
            else:
                meshes[key] = make_unit_mesh(*key)
        obj = bpy.data.objects.new(s["name"], meshes[key])
        scene.collection.objects.link(obj)
        obj.location = tuple(s["center"])
        # unit meshes are scaled to the size; a lathe's or an rbox's mesh is built at its size
        obj.scale = (1.0, 1.0, 1.0) if s["shape"] in ("lathe", "rbox") else tuple(s["size"])
        obj.rotation_mode = "XYZ"
        obj.rotation_euler = solid_euler(s)
        obj.pass_index = int(s["truth_id"])
        slot = obj.material_slots[0]
        slot.link = "OBJECT"
        slot.material = mats[s["material"]]
        State.objects[s["name"]] = obj


def _override_view(fmt, transform):
    """Write through `transform` with no look, exposure or gamma, whatever the scene's view settings say."""
    fmt.color_management = "OVERRIDE"
    fmt.view_settings.view_transform = transform
    fmt.view_settings.look = "None"
    fmt.view_settings.exposure = 0.0
    fmt.view_settings.gamma = 1.0


def _file_slot_format(fmt, kind, quality, lossless_rgb=False):
    if kind == "rgb" and lossless_rgb:  # a post filter encodes the JPEG afterwards
        fmt.file_format = "PNG"
        fmt.color_mode = "RGB"
        fmt.color_depth = "8"
        fmt.compression = 0
        return
    if kind == "rgb":
        fmt.file_format = "JPEG"
        fmt.color_mode = "RGB"
        fmt.quality = quality
        return
    fmt.file_format = "PNG"
    fmt.compression = 15
    if kind == "albedo":  # 8-bit sRGB PNG through the standard view
        fmt.color_mode = "RGB"
        fmt.color_depth = "8"
        _override_view(fmt, "Standard")
        fmt.display_settings.display_device = "sRGB"
        return
    fmt.color_mode = "BW"
    fmt.color_depth = "16"
    # data images: no view transform on write (else the sRGB curve bends the numbers)
    _override_view(fmt, "Raw")


def setup_compositor(scene, job):
    quality = int((job.get("settings") or {}).get("jpeg_quality", 92))
    lossless = (job.get("settings") or {}).get("post_filter", "none") != "none"
    if IS5:  # untested: 5.0 replaced scene.node_tree by a compositing node group
        tree = bpy.data.node_groups.new("stbench_compositor", "CompositorNodeTree")
        scene.compositing_node_group = tree
    else:
        scene.use_nodes = True
        tree = scene.node_tree
    for n in list(tree.nodes):
        tree.nodes.remove(n)
    rl = tree.nodes.new("CompositorNodeRLayers")
    rl.scene = scene
    if IS5:  # untested
        out = tree.nodes.new("NodeGroupOutput")
        tree.interface.new_socket("Image", in_out="OUTPUT", socket_type="NodeSocketColor")
        tree.links.new(rl.outputs["Image"], out.inputs[0])
    else:
        comp = tree.nodes.new("CompositorNodeComposite")
        tree.links.new(rl.outputs["Image"], comp.inputs["Image"])

    depth = tree.nodes.new("CompositorNodeMath")
    depth.operation = "MULTIPLY"
    depth.use_clamp = True
    depth.inputs[1].default_value = 1000.0 / 65535.0
    tree.links.new(rl.outputs["Depth"], depth.inputs[0])
    ids = tree.nodes.new("CompositorNodeMath")
    ids.operation = "DIVIDE"
    ids.use_clamp = True
    ids.inputs[1].default_value = 65535.0
    tree.links.new(rl.outputs["IndexOB"], ids.inputs[0])

    fo = tree.nodes.new("CompositorNodeOutputFile")
    sources = {"rgb": rl.outputs["Image"], "depth": depth.outputs[0], "ids": ids.outputs[0],
               "albedo": rl.outputs[SURFACE_AOV]}
    if IS5:  # untested: directory / file_name / file_output_items
        fo.directory = WORKDIR + os.sep
        fo.file_name = ""
        fo.file_output_items.clear()
        for kind in KINDS:
            item = fo.file_output_items.new("RGBA" if kind == "rgb" else "FLOAT", kind + "_")
            item.override_node_format = True
            item.save_as_render = True
            _file_slot_format(item.format, kind, quality, lossless)
            tree.links.new(sources[kind], fo.inputs[kind + "_"])
    else:
        fo.base_path = WORKDIR + os.sep
        fo.file_slots.clear()
        for kind in KINDS:
            fo.file_slots.new(kind + "_")
            slot = fo.file_slots[kind + "_"]
            slot.use_node_format = False
            slot.save_as_render = True
            _file_slot_format(slot.format, kind, quality, lossless)
            tree.links.new(sources[kind], fo.inputs[kind + "_"])
    State.file_node = fo


def cmd_scene(msg):
    t0 = time.perf_counter()
    with open(msg["job"], "r", encoding="utf-8") as f:
        job = json.load(f)
    clear_scene()
    scene = bpy.context.scene
    setup_render(scene, job)
    setup_world(scene, job["world"])
    setup_camera(scene, job["camera"])
    setup_lights(scene, job.get("lights") or [])
    setup_objects(scene, job)
    setup_compositor(scene, job)
    scene.frame_current = 1
    State.job = job
    return {"objects": len(State.objects), "build_s": round(time.perf_counter() - t0, 4),
            "oidn": oidn_available(), "denoise": bool(scene.cycles.use_denoising),
            "samples_set": int(scene.cycles.samples), "device": State.device, "device_names": State.device_names}


def _clear_workdir():
    for name in os.listdir(WORKDIR):
        if name.startswith(State.prefixes):
            os.remove(os.path.join(WORKDIR, name))


def _find_output(prefix):
    found = [n for n in os.listdir(WORKDIR) if n.startswith(prefix)]
    if len(found) != 1:
        raise RuntimeError("expected one %s* file in %s, found %r" % (prefix, WORKDIR, found))
    return os.path.join(WORKDIR, found[0])


def _move(src, dst):
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    try:
        os.replace(src, dst)
    except OSError:  # another file system: copy then remove
        shutil.move(src, dst)


def cmd_frame(msg):
    if State.job is None:
        raise RuntimeError("frame before scene")
    scene = bpy.context.scene
    cam = msg["camera"]
    State.camera.location = tuple(cam["position"])
    State.camera.rotation_euler = camera_euler(float(cam["yaw_deg"]), float(cam["pitch_deg"]))
    for m in msg.get("moves") or []:
        obj = State.objects.get(m["name"])
        if obj is None:
            raise KeyError("moves: no object named %r" % m["name"])
        obj.location = tuple(m["center"])
        obj.rotation_euler = solid_euler(m)
        hidden = bool(m.get("hidden", False))
        if obj.hide_render != hidden:
            obj.hide_render = hidden
    _clear_workdir()
    t0, c0 = time.perf_counter(), time.process_time()
    log = render_logged(os.path.join(WORKDIR, "render.log"))
    render_s, cpu_s = time.perf_counter() - t0, time.process_time() - c0
    samples, total = parse_samples(log)
    out = msg["out"]
    for kind in KINDS:
        _move(_find_output(kind + "_"), out[kind])
    return {"index": msg.get("index"), "render_s": round(render_s, 4), "cpu_s": round(cpu_s, 4), "samples": samples,
            "samples_total": total, "device": State.device}


def main():
    send({"ok": True, "cmd": "hello", "blender": bpy.app.version_string, "version": list(V),
          "samples": ARGS["samples"], "device_requested": ARGS["device"], "workdir": WORKDIR,
          "pid": os.getpid()})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        cmd = None
        try:
            msg = json.loads(line)
            cmd = msg.get("cmd")
            if cmd == "quit":
                send({"ok": True, "cmd": "quit"})
                break
            elif cmd == "scene":
                rep = cmd_scene(msg)
                rep.update({"blender": bpy.app.version_string})
            elif cmd == "frame":
                rep = cmd_frame(msg)
            else:
                raise ValueError("unknown command %r" % cmd)
            rep.update({"ok": True, "cmd": cmd})
            send(rep)
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            # the driver waits for this line before it reads the traceback (stderr and replies are two pipes)
            sys.stderr.write(ERROR_WRITTEN + "\n")
            sys.stderr.flush()
            send({"ok": False, "cmd": cmd, "error": "%s: %s" % (type(e).__name__, e)})
    try:
        shutil.rmtree(WORKDIR, ignore_errors=True) if ARGS["workdir"] is None else None
    except Exception:
        pass


main()
