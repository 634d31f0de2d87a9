(function () {
  return Symbol();
})();
