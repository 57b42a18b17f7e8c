// learn serve's page script: search as you type, follow the file and the
// agent session, load older sessions and the lint findings. It builds every piece of text with
// textContent, and inserts only HTML fragments the server rendered and
// escaped; the Content-Security-Policy allows no other script.
(function () {
  'use strict';

  var main = document.getElementById('main');
  var live = document.getElementById('live');
  var version = document.body.dataset.version;
  // Every path of the page starts with /t/TOKEN: the access token travels
  // in the address, never in a cookie another local server could receive.
  var base = document.body.dataset.base || '';

  // get fetches a path of this server (/api/…, /fragment/…, a data-src).
  function get(path, opts) {
    return fetch(base + path, Object.assign({ credentials: 'omit', referrerPolicy: 'no-referrer' }, opts || {}));
  }

  // Search as you type.
  var q = document.getElementById('q');
  var cat = document.getElementById('category');
  var from = document.getElementById('from');
  var to = document.getElementById('to');
  var results = document.getElementById('results');
  var timer = 0;
  var seq = 0;
  var controller = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function renderResults(rep, mine) {
    if (mine !== seq) return;
    results.replaceChildren();
    if (rep.error) {
      results.appendChild(el('p', 'muted', rep.error));
      return;
    }
    var head = el('p', 'results-head');
    if (rep.matched === 0) {
      head.textContent = 'No learnings match' + (rep.query ? ' “' + rep.query + '”' : '') + ' (' + rep.searched + ' searched).';
      results.appendChild(head);
      return;
    }
    head.textContent = rep.matched + (rep.matched === 1 ? ' learning' : ' learnings') +
      (rep.matched > rep.results.length ? ', best ' + rep.results.length + ' shown' : '') +
      (rep.query ? ', best match first' : ', newest first');
    results.appendChild(head);
    var list = el('ol', 'hits');
    rep.results.forEach(function (r) {
      var li = el('li', 'hit cat-' + r.slug);
      li.dataset.id = r.id;
      li.appendChild(el('span', 'badge', r.badge));
      var a = el('a', 'snippet');
      a.href = base + '/learning/' + encodeURIComponent(r.id);
      r.snippet_runs.forEach(function (run) {
        a.appendChild(run.hit ? el('mark', '', run.text) : document.createTextNode(run.text));
      });
      li.appendChild(a);
      var meta = el('span', 'hit-meta', r.id + ' · ' + r.date + (r.session && r.session.focus ? ' · ' + r.session.focus : '') + ' · line ' + r.line);
      li.appendChild(meta);
      list.appendChild(li);
    });
    results.appendChild(list);
  }

  function search() {
    var params = new URLSearchParams();
    if (q.value.trim()) params.set('q', q.value);
    if (cat.value) params.set('category', cat.value);
    if (from.value) params.set('from', from.value);
    if (to.value) params.set('to', to.value);
    var mine = ++seq;
    if (controller) controller.abort();
    if (!params.toString()) {
      results.replaceChildren();
      document.body.classList.remove('searching');
      return;
    }
    document.body.classList.add('searching');
    controller = new AbortController();
    get('/api/search?' + params.toString(), { signal: controller.signal })
      .then(function (r) { return r.json(); })
      .then(function (rep) { renderResults(rep, mine); })
      .catch(function (e) { if (e.name !== 'AbortError') renderResults({ error: 'Search failed: ' + e.message }, mine); });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(search, 60);
  }

  if (q) {
    q.addEventListener('input', schedule);
    [cat, from, to].forEach(function (e) { e.addEventListener('change', search); });
    q.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { q.value = ''; search(); }
    });
  }

  // Lint findings load after the page: on a large file lint is slow.
  function loadProblems() {
    var box = document.getElementById('problems');
    if (!box) return;
    get(box.dataset.src).then(function (r) { return r.text(); }).then(function (html) {
      box.innerHTML = html;
    }).catch(function () {
      box.replaceChildren(el('p', 'muted', 'Could not run the checks; try learn lint.'));
    });
  }

  // Older sessions, a page at a time.
  document.addEventListener('click', function (e) {
    var more = e.target.closest && e.target.closest('a.more-sessions');
    if (!more) return;
    e.preventDefault();
    more.textContent = 'Loading…';
    get('/fragment/sessions?offset=' + encodeURIComponent(more.dataset.next))
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var box = more.parentNode;
        var tmp = document.createElement('div');
        tmp.innerHTML = html;
        while (tmp.firstChild) box.parentNode.insertBefore(tmp.firstChild, box);
        box.remove();
      });
  });

  // A long category's fold loads when it is first opened.
  document.addEventListener('toggle', function (e) {
    var d = e.target;
    if (!d.open || !d.dataset || !d.dataset.src || d.dataset.loaded) return;
    d.dataset.loaded = '1';
    var list = d.querySelector('ul.learnings');
    get(d.dataset.src).then(function (r) {
      if (!r.ok) throw new Error('status ' + r.status);
      return r.text();
    }).then(function (html) {
      list.innerHTML = html;
    }).catch(function (err) {
      delete d.dataset.loaded;
      list.replaceChildren(el('li', 'muted', 'Could not load them (' + err.message + '); reload the page.'));
    });
  }, true);

  // Follow the file: poll its version and redraw when it changes.
  function stamp() {
    return new Date().toLocaleTimeString();
  }

  function refresh() {
    if (!main) {
      live.textContent = 'The file changed: reload to see it';
      live.classList.add('changed');
      return Promise.resolve();
    }
    var shown = main.querySelectorAll('#sessions article.session').length;
    return get('/fragment/main?shown=' + shown).then(function (r) { return r.text(); }).then(function (html) {
      main.innerHTML = html;
      loadProblems();
      live.textContent = 'Updated at ' + stamp();
      live.classList.add('changed');
      if (q && (q.value.trim() || cat.value || from.value || to.value)) search();
    });
  }

  // refreshAgent swaps in the agent session's part alone: the session
  // recorded a tool call and the file did not change.
  function refreshAgent() {
    return get('/fragment/agent-session').then(function (r) { return r.text(); }).then(function (html) {
      var slot = document.getElementById('agent-slot');
      if (slot) slot.outerHTML = html;
    });
  }

  // etag is the last state seen: the file's version, joined with the
  // agent session's when there is one.
  var etag = '"' + version + '"';

  function poll() {
    if (document.hidden) return;
    get('/api/state', { headers: { 'If-None-Match': etag } }).then(function (r) {
      if (r.status === 304) return null;
      if (r.status === 401 || r.status === 403) {
        live.textContent = 'Not following: the access token was refused';
        return null;
      }
      etag = r.headers.get('ETag') || etag;
      return r.json();
    }).then(function (st) {
      if (!st) return;
      if (st.version !== version) {
        version = st.version;
        document.body.dataset.version = version;
        return refresh();
      }
      var slot = document.getElementById('agent-slot');
      if (slot && slot.dataset.agent !== (st.agent_version || '')) return refreshAgent();
    }).catch(function () {
      live.textContent = 'Not following: learn serve has stopped';
    });
  }

  loadProblems();
  setInterval(poll, 1500);
  document.addEventListener('visibilitychange', poll);
})();
