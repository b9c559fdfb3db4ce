/* stbench view: the index filters and the case page's player, question selection and gold overlay. */
(function () {
  var $ = function (id) {
    return document.getElementById(id);
  };
  var SVG = 'http://www.w3.org/2000/svg';
  var MARK_R = 26; // the gold crosshair's reach from its centre, in frame pixels

  // ---- index: filter the case table
  var table = $('cases');
  if (table) {
    var fText = $('f-text'),
      fJob = $('f-job'),
      fLayout = $('f-layout'),
      fLength = $('f-length'),
      fCount = $('f-count');
    var filter = function () {
      var text = fText.value.trim().toLowerCase(),
        shown = 0;
      table.querySelectorAll('tbody tr').forEach(function (tr) {
        var ok =
          (!text || tr.dataset.text.toLowerCase().indexOf(text) >= 0) &&
          (!fJob.value || tr.dataset.job === fJob.value) &&
          (!fLayout.value || tr.dataset.layout === fLayout.value) &&
          (!fLength.value || tr.dataset.length === fLength.value);
        tr.style.display = ok ? '' : 'none';
        if (ok) shown++;
      });
      fCount.textContent = shown + ' shown';
    };
    [fText, fJob, fLayout, fLength].forEach(function (el) {
      el.addEventListener('input', filter);
    });
  }

  // ---- case page
  var dataEl = $('case-data');
  if (!dataEl) return;
  var data = JSON.parse(dataEl.textContent);
  var img = $('frame-img'),
    overlay = $('frame-overlay'),
    header = $('frame-header'),
    scrub = $('scrub');
  var kbox = $('frame-k'),
    playBtn = $('play'),
    speed = $('speed'),
    ticks = $('ticks');
  var last = data.frames.length - 1,
    cur = 0,
    timer = null,
    selected = null;
  var note = document.createElement('div');
  note.id = 'overlay-note';
  header.parentNode.insertBefore(note, header.nextSibling);

  function el(name, attrs) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function drawOverlay() {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    note.textContent = '';
    if (!selected) return;
    var q = data.questions[selected];
    var ks = [];
    q.marks.forEach(function (m) {
      if (ks.indexOf(m.k) < 0) ks.push(m.k);
      if (m.k !== cur) return;
      var g = el('g', { class: 'gold-marker' });
      g.appendChild(el('circle', { class: 'halo', cx: m.u, cy: m.v, r: 16 }));
      g.appendChild(el('circle', { cx: m.u, cy: m.v, r: 16 }));
      g.appendChild(el('line', { x1: m.u - MARK_R, y1: m.v, x2: m.u - 8, y2: m.v }));
      g.appendChild(el('line', { x1: m.u + 8, y1: m.v, x2: m.u + MARK_R, y2: m.v }));
      g.appendChild(el('line', { x1: m.u, y1: m.v - MARK_R, x2: m.u, y2: m.v - 8 }));
      g.appendChild(el('line', { x1: m.u, y1: m.v + 8, x2: m.u, y2: m.v + MARK_R }));
      var t = el('text', { x: m.u + 20, y: m.v - 18 });
      t.textContent = 'gold';
      g.appendChild(t);
      overlay.appendChild(g);
    });
    if (ks.length)
      note.textContent =
        'gold drawn on ' +
        ks
          .map(function (k) {
            return 'k' + k;
          })
          .join(', ') +
        (ks.indexOf(cur) < 0 ? ' (not this frame)' : '');
    else note.textContent = 'this question has no gold point to draw on a frame';
  }

  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    cur = k;
    var f = data.frames[k];
    if (img.getAttribute('src') !== f.src) img.setAttribute('src', f.src);
    header.textContent = f.header;
    scrub.value = String(k);
    kbox.textContent = 'k' + k;
    img.dataset.k = String(k);
    document.querySelectorAll('button.jump').forEach(function (b) {
      b.classList.toggle('here', Number(b.dataset.k) === k);
    });
    document.querySelectorAll('section.ask').forEach(function (s) {
      s.classList.toggle('now', Number(s.dataset.k) === k);
    });
    drawOverlay();
  }

  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playBtn.textContent = '▶ play';
  }
  function play() {
    pause();
    if (cur >= last) show(0);
    playBtn.textContent = '❚❚ pause';
    timer = setInterval(function () {
      show(cur + 1);
      if (cur >= last) pause();
    }, 1000 / Number(speed.value));
  }
  playBtn.addEventListener('click', function () {
    if (timer) pause();
    else play();
  });
  speed.addEventListener('change', function () {
    if (timer) play();
  });
  scrub.addEventListener('input', function () {
    pause();
    show(Number(scrub.value));
  });
  $('prev').addEventListener('click', function () {
    pause();
    show(cur - 1);
  });
  $('next').addEventListener('click', function () {
    pause();
    show(cur + 1);
  });
  document.addEventListener('keydown', function (e) {
    if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
    if (e.key === 'ArrowLeft') {
      pause();
      show(cur - 1);
    } else if (e.key === 'ArrowRight') {
      pause();
      show(cur + 1);
    } else if (e.key === ' ') {
      e.preventDefault();
      if (timer) pause();
      else play();
    }
  });

  // look-point ticks under the slider
  data.asks.forEach(function (k) {
    var b = document.createElement('button');
    b.type = 'button';
    b.title = 'questions after k' + k;
    b.dataset.k = String(k);
    b.style.left = (last ? (100 * k) / last : 0) + '%';
    b.addEventListener('click', function () {
      pause();
      show(k);
    });
    ticks.appendChild(b);
  });

  function select(qid, jump) {
    selected = qid;
    document.querySelectorAll('article.q').forEach(function (a) {
      a.classList.toggle('sel', a.dataset.qid === qid);
    });
    document.querySelectorAll('.qmark').forEach(function (g) {
      g.classList.toggle('on', g.dataset.qid === qid);
    });
    var q = data.questions[qid];
    ticks.querySelectorAll('button').forEach(function (b) {
      b.classList.toggle('sel', Number(b.dataset.k) === q.ask);
    });
    if (history.replaceState) history.replaceState(null, '', '#q=' + qid);
    if (jump) {
      pause();
      // the latest evidence frame with the gold drawn on it (whole, clear of the picture's edge, where one is), else
      // the latest evidence frame, else the ask
      var onEvidence = q.marks.filter(function (mk) {
        return q.evidence.indexOf(mk.k) >= 0;
      });
      var whole = onEvidence.filter(function (mk) {
        return mk.u >= MARK_R && mk.u <= data.width - MARK_R && mk.v >= MARK_R && mk.v <= data.height - MARK_R;
      });
      if (whole.length) onEvidence = whole;
      var target = onEvidence.length
        ? onEvidence[onEvidence.length - 1].k
        : q.evidence.length
          ? q.evidence[q.evidence.length - 1]
          : q.marks.length
            ? q.marks[0].k
            : q.ask;
      show(target);
    } else drawOverlay();
  }

  document.querySelectorAll('article.q').forEach(function (a) {
    a.addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button.jump') : null;
      if (b) {
        select(a.dataset.qid, false);
        pause();
        show(Number(b.dataset.k));
      } else select(a.dataset.qid, true);
    });
    a.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') select(a.dataset.qid, true);
    });
  });
  document
    .querySelectorAll('section.ask > h3 button.jump, .tasks button.jump, .transcript button.jump')
    .forEach(function (b) {
      b.addEventListener('click', function () {
        pause();
        show(Number(b.dataset.k));
      });
    });

  var m = /^#q=([0-9a-f]{16})$/.exec(location.hash);
  show(0);
  if (m && data.questions[m[1]]) select(m[1], true);
})();
